import type { Page } from '@playwright/test';
import type { CalendarClass } from '@tokenly/contract/bookings';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { buyPackage, expect, grantCreditsToSignedInLearner, seriousAxeViolations, test } from '../fixtures';

// Issue 18, the learner's week: credits lot by lot, payments with receipts, booking knowingly.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PHONE = { width: 360, height: 740 };

/** The token packages on sale (not the memberships), in the catalogue's order. */
async function packages(page: Page): Promise<TokenPlan[]> {
  const response = await page.request.get('/api/get-membership-token');
  const plans = ((await response.json()) as { data: TokenPlan[] }).data;
  return plans.filter((plan) => plan.kind === 'package');
}

/** The first class of the public timetable a learner can book (the demo timetable starts tomorrow). */
async function bookableClass(page: Page): Promise<CalendarClass> {
  const from = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const response = await page.request.get(`/api/calendar-schedules?from=${from}&to=${to}&tz=UTC`);
  const classes = ((await response.json()) as { data: CalendarClass[] }).data;
  const found = classes.find((schedule) => schedule.number_token === 1 && schedule.bookable);
  if (!found) throw new Error('the demo timetable has no one-credit class in the next 30 days');
  return found;
}

test.describe('my credits', () => {
  test('two purchases, a booking and a refund: each lot and each movement, on a desktop and a phone', async ({
    page,
    request,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    const [first, second] = await packages(page);
    if (!first || !second) throw new Error('the demo catalogue has fewer than two packages');
    await buyPackage(page, first);
    await buyPackage(page, second);
    await grantCreditsToSignedInLearner(page, request, 2);
    const lesson = await bookableClass(page);
    const booked = await page.request.post('/api/book-class', {
      headers: XHR,
      data: { schedule_id: lesson.id },
    });
    expect(booked.ok()).toBe(true);
    const bookingId = (await booked.json()).data.id as number;
    expect((await page.request.post(`/api/cancel-booking/${bookingId}`, { headers: XHR })).ok()).toBe(true);

    await page.goto('/user/dashboard');
    await page.getByRole('link', { name: 'See my credits' }).click();
    await expect(page).toHaveURL(/\/user\/list-token$/);
    await expect(page.getByRole('heading', { name: 'My credits', level: 1 })).toBeVisible();
    const total = first.token_credit + second.token_credit + 2;
    await expect(page.getByTestId('credits-balance')).toHaveText(String(total));

    const lots = page.getByRole('region', { name: 'Credit lots' });
    await expect(lots.getByRole('row')).toHaveCount(4);
    await expect(lots.getByRole('row', { name: `Package: ${first.token_title}` })).toContainText(
      `${first.token_expiry} days`,
    );
    await expect(lots.getByRole('row', { name: `Package: ${second.token_title}` })).toBeVisible();
    await expect(lots.getByRole('row', { name: 'Granted by the school' })).toBeVisible();

    const history = page.getByRole('region', { name: 'Credit history' });
    await expect(history.getByRole('row')).toHaveCount(6);
    await expect(history.getByRole('row').nth(1)).toContainText(`Refunded: ${lesson.title}`);
    await expect(history.getByRole('row').nth(2)).toContainText(`Booked: ${lesson.title}`);
    await expect(history.getByRole('row').nth(3)).toContainText('Adjusted by the school: e2e grant');
    await expect(history.getByRole('row').nth(5)).toContainText(`Purchase: ${first.token_title}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Credit lots' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Credit history' }).getByRole('listitem')).toHaveCount(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('my payments', () => {
  test('a payment has a readable reference and a receipt that prints alone', async ({
    page,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    const [plan] = await packages(page);
    if (!plan) throw new Error('the demo catalogue has no package');
    await buyPackage(page, plan);

    await page.goto('/user/payment-list');
    const row = page.getByRole('row').filter({ hasText: plan.token_title });
    await expect(row).toContainText('(VAT included)');
    const reference = (await row.getByRole('cell').nth(2).textContent()) ?? '';
    expect(reference).toMatch(/^TE-\d{6}$/);
    await row.getByRole('link', { name: `Receipt ${reference}` }).click();
    await expect(page).toHaveURL(/\/user\/payment-list\/\d+\/receipt$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt ${reference}`);
    await expect(page.getByRole('main').getByText('Tokenly English', { exact: true })).toBeVisible();
    for (const [term, value] of [
      ['Plan', plan.token_title],
      ['Amount', `$${plan.amount} (VAT included)`],
      ['Tokens', String(plan.token_credit)],
      ['Status', 'Paid'],
    ]) {
      await expect(
        page
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${term}$`) })
          .locator('+ dd'),
      ).toHaveText(value ?? '');
    }
    await expect(page.getByRole('term').filter({ hasText: 'Tokens expire' }).locator('+ dd')).toHaveText(
      /^\d{1,2} \w+ \d{4}$/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Printed, the receipt stands alone: no sidebar, no top bar, no buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Learner navigation' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  });
});
