import type { Route } from '@playwright/test';
import { MESSAGES } from '@tokenly/contract/messages';
import {
  expect,
  firstCalendarClass,
  grantCreditsToSignedInLearner,
  login,
  registerLearner,
  revealDeferredSections,
  test,
} from '../fixtures/index';

// While the server's database restarts, the API answers 503 with Retry-After. The page says the
// service is briefly unavailable and offers Try again, which repeats the read or the action. The e2e
// server's embedded database cannot be taken from under it, so the browser is handed that answer (the
// one apps/server/src/plugins/error-handler.ts gives) for as long as the test says the outage lasts.

const UNAVAILABLE = {
  status: 503,
  headers: { 'retry-after': '5' },
  contentType: 'application/json',
  body: JSON.stringify({ message: MESSAGES.serviceUnavailable, errorMessage: MESSAGES.serviceUnavailable }),
};

/** Answers 503 to the call while `down()` holds, then lets it through to the real server. */
const outage = (down: () => boolean) => (route: Route) =>
  down() ? route.fulfill(UNAVAILABLE) : route.continue();

test('a page and a booking during an outage say so, and Try again repeats them once it is over', async ({
  page,
  request,
}) => {
  // Two journeys, and the read's failure shows only after the query's own quiet retries.
  test.slow();
  const learner = await registerLearner(request);
  await login(page, learner);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await grantCreditsToSignedInLearner(page, request, 3);

  let listDown = true;
  await page.route(
    '**/api/user-course-schedule**',
    outage(() => listDown),
  );
  await page.goto('/user/list-schedule');
  // After the query's own two quiet retries.
  const failedRead = page.getByRole('alert').filter({ hasText: MESSAGES.serviceUnavailable });
  await expect(failedRead).toBeVisible({ timeout: 15_000 });
  listDown = false;
  await failedRead.getByRole('button', { name: 'Try again' }).click();
  await expect(failedRead).toHaveCount(0);
  await expect(page.getByText('No data')).toBeVisible();

  let bookingDown = true;
  await page.route(
    '**/api/book-class',
    outage(() => bookingDown),
  );
  const feed = page.waitForResponse(/calendar-schedules/);
  await page.goto('/');
  await revealDeferredSections(page);
  const event = await firstCalendarClass(page, feed, () =>
    page.getByRole('button', { name: 'Next ›' }).click(),
  );
  await event.click();
  // A class paid in credits: a Conversation Club one would ask for a Club pass instead.
  await page
    .getByRole('dialog', { name: /Classes on/ })
    .locator('.mantine-Card-root')
    .filter({ hasNotText: 'Club pass' })
    .getByRole('button', { name: 'Book Now' })
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();
  const failedBooking = page.getByRole('dialog', { name: 'Error!' });
  await expect(failedBooking.getByRole('alert')).toHaveText(MESSAGES.serviceUnavailable);
  bookingDown = false;
  await failedBooking.getByRole('button', { name: 'Try again' }).click();
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText('Booking is successfull.')).toBeVisible();
  // The learner stays on the calendar they booked from.
  await expect(page).toHaveURL(/\/$/);
});
