import type { CalendarClass } from '@tokenly/contract/bookings';
import { CHECKOUT_MESSAGES, DEMO_CARDS } from '@tokenly/contract/checkout';
import { expect, test } from '../fixtures';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

test('a learner without a pass is offered the club plan at a club class, subscribes, and books it with the pass', async ({
  page,
  loginAsLearner,
}) => {
  test.slow();
  await loginAsLearner();

  // A club class with a free seat, a few hours or more away.
  const now = Date.now();
  const feed = await page.request.get(
    `/api/calendar-schedules?from=${isoDay(now)}&to=${isoDay(now + 13 * DAY)}&tz=UTC`,
  );
  const club = ((await feed.json()).data as CalendarClass[]).find(
    (item) =>
      item.club &&
      item.bookable &&
      item.seats_left > 0 &&
      Date.parse(item.starts_at) > now + 2 * 60 * 60 * 1000,
  );
  if (!club) throw new Error('the demo timetable has no club class in the next two weeks');

  await page.goto(`/class/${club.id}`);
  await expect(page.getByText('Needs a Club pass').first()).toBeVisible();
  await page.getByRole('button', { name: 'Book Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
  await expect(confirm.getByText('Needs a Club pass')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Confirm booking' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Get a Club pass' }).click();

  // The club plan's checkout: a subscription only, 20 USD a month.
  await expect(page).toHaveURL(/\/select-payment\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Conversation Club', level: 2 })).toBeVisible();
  await expect(page.getByText('$20').first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Subscribe (recurring)' })).toHaveCount(0);
  await expect(page.getByText(/^The Conversation Club renews every month until you cancel/)).toBeVisible();
  await page.getByLabel('Card number').fill(DEMO_CARDS.succeeds);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.subscriptionSuccess }),
  ).toBeVisible();
  await expect(page.getByTestId('checkout-club-pass')).toBeVisible();

  await page.goto('/user/list-token');
  const pass = page.getByRole('region', { name: 'Club pass' });
  await expect(pass.getByText('Monthly with Conversation Club')).toBeVisible();
  await expect(pass.getByText(/^\d+ days left$/)).toBeVisible();
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('club-pass-days')).toHaveText(/^\d+ days left$/);

  await page.goto(`/class/${club.id}`);
  await expect(page.getByText('Included in your Club pass').first()).toBeVisible();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(confirm.getByText('Included in your Club pass')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible();
  // Booked with the pass: the learner still has no tokens, and a subscription that renews.
  expect((await (await page.request.get('/api/get-user-token')).json()).data).toBe(0);
  const subscriptions = (await (await page.request.get('/api/get-user-subscriptions')).json()).data;
  expect(subscriptions).toMatchObject([
    { token_plan: { token_title: 'Conversation Club' }, status: 'active', cancel_at_period_end: false },
  ]);
});
