import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CHECKOUT_MESSAGES, DEMO_CARDS } from '@tokenly/contract/checkout';
import {
  adminApi,
  expect,
  grantCreditsToSignedInLearner,
  seriousAxeViolations,
  test,
} from '../fixtures/index';

// The learner's lists and booking: the booking list in tabs by class time, and a booking that lacks
// credits going through checkout and back, the learner staying where they booked.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PHONE = { width: 360, height: 740 };
const DAY = 24 * 60 * 60 * 1000;

/** A one-credit class `days` ahead at 10:00 in the browser's zone, scheduled through the admin API. */
async function scheduleClass(request: APIRequestContext, days: number, title: string) {
  const headers = await adminApi(request);
  const types = await request.get('/api/admin-courses-list', { headers });
  const courseId = ((await types.json()) as { data: { id: number }[] }).data[0]?.id;
  const startsAt = new Date(Date.now() + days * DAY);
  startsAt.setHours(10, 0, 0, 0);
  const created = await request.post('/api/admin-course-schedule', {
    headers,
    data: {
      course_id: courseId,
      // Whatever the day: the demo school's closed days are not this test's subject.
      allow_closed_day: true,
      title,
      no_of_users: 8,
      token: 1,
      date: startsAt.toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { data: { id: number } }).data.id, title, startsAt };
}

/** The timetable's `week` of a day: its Monday, as YYYY-MM-DD in the browser's zone. */
function weekOf(day: Date): string {
  const monday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${monday.getFullYear()}-${two(monday.getMonth() + 1)}-${two(monday.getDate())}`;
}

async function bookByApi(page: Page, scheduleId: number): Promise<number> {
  const booked = await page.request.post('/api/book-class', {
    headers: XHR,
    data: { schedule_id: scheduleId },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  return ((await booked.json()) as { data: { id: number } }).data.id;
}

test('the booking list opens on Upcoming, the soonest class first, with Past and Cancelled tabs', async ({
  page,
  request,
  loginAsLearner,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const later = await scheduleClass(request, 12, `Later ${tag}`);
  const dropped = await scheduleClass(request, 6, `Dropped ${tag}`);
  const soon = await scheduleClass(request, 2, `Soon ${tag}`);
  await loginAsLearner();
  await grantCreditsToSignedInLearner(page, request, 5);
  // Booked in the opposite order to the classes' own.
  await bookByApi(page, later.id);
  const droppedBooking = await bookByApi(page, dropped.id);
  await bookByApi(page, soon.id);
  const cancelled = await page.request.post(`/api/cancel-booking/${droppedBooking}`, { headers: XHR });
  expect(cancelled.ok()).toBe(true);

  await page.goto('/user/list-schedule');
  const tabs = page.getByRole('tablist', { name: 'Which bookings to show' });
  await expect(tabs.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  const upcoming = page.getByRole('tabpanel', { name: 'Upcoming' });
  const rows = upcoming.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(soon.title);
  await expect(rows.nth(1)).toContainText(later.title);
  await expect(rows.nth(0).getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription(
    /^Free cancellation until /,
  );
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The tabs answer the arrow keys, and the chosen one is in the address.
  await tabs.getByRole('tab', { name: 'Upcoming' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=past$/);
  await expect(page.getByRole('tabpanel', { name: 'Past' }).getByText('No data')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Cancelled' }).click();
  const gone = page.getByRole('tabpanel', { name: 'Cancelled' });
  await expect(gone.getByRole('row').filter({ hasText: tag })).toHaveCount(1);
  await expect(gone.getByRole('row').filter({ hasText: dropped.title })).toContainText('Cancelled');

  // On a phone the tabs and the cards fit 360 px.
  await page.setViewportSize(PHONE);
  await page.goto('/user/list-schedule');
  await expect(page.getByRole('tab', { name: 'Cancelled' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Upcoming' }).getByRole('listitem').filter({ hasText: tag });
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(soon.title);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('too few credits: Confirm is disabled, Buy credits goes to checkout, and the booking is finished back on the timetable', async ({
  page,
  request,
  loginAsLearner,
}) => {
  test.slow();
  const lesson = await scheduleClass(request, 3, `Detour ${randomUUID().slice(0, 6)}`);
  await loginAsLearner();
  const timetable = `/timetable?week=${weekOf(lesson.startsAt)}&view=list`;
  await page.goto(timetable);
  const row = page.getByRole('listitem').filter({ hasText: lesson.title });
  await row.getByRole('button', { name: 'Book Now' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
  await expect(confirm.getByRole('alert').filter({ hasText: 'Not enough credits' })).toContainText(
    'This class costs 1 credit and you have 0 credits.',
  );
  await expect(confirm.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Buy credits' }).click();

  // Checkout keeps the booking in view, as the sign-up detour does.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByText(`You were booking ${lesson.title}`, { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Select Package 1', exact: true }).click();
  await expect(page).toHaveURL(/\/select-payment\/\d+/);
  await page.getByLabel('Card number').fill(DEMO_CARDS.succeeds);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.oneTimeSuccess })).toBeVisible();

  // Paid: Finish your booking takes the learner back to the timetable, to confirm it there.
  const finish = page.getByRole('alert').filter({ hasText: 'Finish your booking' });
  await finish.getByRole('button', { name: 'Book now' }).click();
  await expect(page).toHaveURL(new RegExp(`${timetable.replace(/[?&]/g, '\\$&')}$`));
  await expect(confirm.getByTestId('balance-after')).not.toHaveText('Not enough credits');
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();

  // The learner stays on the timetable, where the class now shows Booked, with a way to the bookings.
  const done = page.getByRole('dialog', { name: 'Success' });
  await expect(done.getByText('Booking is successfull.')).toBeVisible();
  await expect(page).toHaveURL(/\/timetable\?/);
  await expect(row.getByRole('button', { name: 'Booked' })).toBeDisabled();
  await expect(page.getByText(`You were booking ${lesson.title}`, { exact: false })).toHaveCount(0);
  await done.getByRole('button', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/user\/list-schedule$/);
  await expect(page.getByRole('row').filter({ hasText: lesson.title })).toBeVisible();
});
