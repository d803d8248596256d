import {
  expect,
  firstCalendarClass,
  grantCreditsToSignedInLearner,
  newLearner,
  revealDeferredSections,
  seriousAxeViolations,
  signUp,
  test,
} from '../fixtures/index';

test('a visitor books a class through sign-up, then cancels and gets the credit back', async ({
  page,
  request,
}) => {
  // Home, sign-up, payment, dashboard and booking list, with an axe audit: triple the usual time.
  test.slow();
  const feed = page.waitForResponse(/calendar-schedules/);
  await page.goto('/');
  await revealDeferredSections(page);
  const event = await firstCalendarClass(page, feed, () =>
    page.getByRole('button', { name: 'Next ›' }).click(),
  );
  await event.click();
  await expect(page.getByRole('dialog', { name: /Classes on/ })).toBeVisible();
  await page.getByRole('button', { name: 'Book Now' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);

  await signUp(page, newLearner());
  // Sign-up lands on /payment, where the interrupted booking is offered again.
  await expect(page.getByText(/You were booking/)).toBeVisible();
  await grantCreditsToSignedInLearner(page, request, 3);

  await page.goto('/user/dashboard');
  await expect(page.getByTestId('token-balance')).toHaveText('3');
  await expect(page.getByText(/You were booking/)).toBeVisible();
  await page.getByRole('button', { name: 'Book now' }).click();
  // Finishing the booking goes back to the calendar it was started on.
  await expect(page).toHaveURL(/\/$/);
  // The confirmation step shows the cost and the balance after before anything is taken.
  const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
  // The first demo class costs 1 credit or 2, as the day the test runs falls: a Saturday's costs 2.
  await expect(confirm.getByTestId('booking-cost')).toHaveText(/^(1 credit|2 credits)$/);
  const cost = Number.parseInt((await confirm.getByTestId('booking-cost').textContent()) ?? '', 10);
  await expect(confirm.getByTestId('balance-after')).toHaveText(cost === 1 ? '2 credits' : '1 credit');
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();
  // The learner stays on the calendar, to book the next class, with a way to their bookings.
  const done = page.getByRole('dialog', { name: 'Success' });
  await expect(done.getByText('Booking is successfull.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await done.getByRole('button', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/user\/list-schedule$/);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(1);
  // The demo classes start tomorrow or later: their cancellation window (1 hour in these tests) is open.
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription(
    /^Free cancellation until /,
  );
  // Audited with the row hovered: its grey once took the Cancel button's text below 4.5:1.
  await page.getByRole('button', { name: 'Cancel' }).hover();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText(/Booking cancelled/)).toBeVisible();
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('token-balance')).toHaveText('3');
});
