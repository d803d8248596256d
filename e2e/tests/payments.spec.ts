import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CHECKOUT_MESSAGES, DEMO_CARDS } from '@tokenly/contract/checkout';
import { adminLogin, expect, seriousAxeViolations, tabTo, test } from '../fixtures/index';

/** The payment list's row of a paid Value Pack: every column of SPEC.md's list, the reference, invoice and receipt. */
const PAID_VALUE_PACK = [
  /^\d{1,2} \w+ \d{4}$/,
  'Value Pack',
  /^TE-\d{6}$/,
  '8',
  '$50 (VAT included)',
  'Not Subscription',
  'Paid',
  /^\d{4}-\d{6}$/,
  /^Receipt TE-\d{6}$/,
];

// The server runs the demo gateway here (no Stripe keys): Stripe's test cards, no network.
const EXPIRY = '12/34';
const CVC = '123';

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
  await page.getByLabel('CVC').fill(CVC);
}

async function openCheckout(page: Page, from: '/payment' | '/membership', selectName: string) {
  await page.goto(from);
  await page.getByRole('link', { name: `Select ${selectName}`, exact: true }).click();
  await expect(page).toHaveURL(/\/select-payment\/\d+/);
  await expect(page.getByText(CHECKOUT_MESSAGES.demoNotice)).toBeVisible();
}

async function expectBalance(page: Page, balance: number) {
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('token-balance')).toHaveText(String(balance));
}

test('a learner buys package 2 by card and finds it in the Payment List', async ({
  page,
  loginAsLearner,
}) => {
  // Axe scans and several page loads: more than the default budget on a busy machine.
  test.slow();
  await loginAsLearner();
  await openCheckout(page, '/payment', 'Package 2');
  const recurring = page.getByRole('checkbox', { name: 'Subscribe (recurring)' });
  await expect(recurring).not.toBeChecked();
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  // Ticked, it says how often the package would renew: a package renews monthly.
  await recurring.check();
  await expect(page.getByText('$50 now, then $50 every month until you cancel.')).toBeVisible();
  await recurring.uncheck();
  await expect(page.getByText('$50 once, VAT included.')).toBeVisible();

  await fillCard(page, DEMO_CARDS.succeeds);
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.oneTimeSuccess })).toBeVisible();
  await expect(page.getByTestId('checkout-balance')).toHaveText('8');
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  await expectBalance(page, 8);

  await page.goto('/user/payment-list');
  const row = page.getByRole('row').filter({ hasText: 'Value Pack' });
  await expect(row).toHaveCount(1);
  // A date, our readable reference (never the provider's id), the status and a receipt.
  await expect(row.getByRole('cell')).toHaveText(PAID_VALUE_PACK);
  await expect(page.getByText('No subscriptions.')).toBeVisible();
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
});

test('a declined card shows the provider message and grants nothing', async ({ page, loginAsLearner }) => {
  test.slow();
  await loginAsLearner();
  await openCheckout(page, '/payment', 'Package 1');

  await fillCard(page, DEMO_CARDS.insufficientFunds);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);

  await page.getByLabel('Card number').fill(DEMO_CARDS.declined);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  // The card field's own refusal travels the same way.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card number is incorrect.');

  await expectBalance(page, 0);
});

test("Stripe's 3-D Secure cards: one declined after the bank's approval, one that always asks and pays", async ({
  page,
  loginAsLearner,
}) => {
  test.slow();
  await loginAsLearner();
  await openCheckout(page, '/payment', 'Package 1');
  await expect(page.getByRole('note').getByText('4000 0027 6000 3184', { exact: true })).toBeVisible();
  const approve = async () => {
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Confirm this payment with your bank' })
      .getByRole('button', { name: 'Approve' })
      .click();
  };

  await fillCard(page, DEMO_CARDS.authenticatedThenDeclined);
  await approve();
  // The bank's step passed, so it is the card's decline, not a failed authentication.
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  await page.getByLabel('Card number').fill(DEMO_CARDS.alwaysAuthenticate);
  await approve();
  await expect(page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.oneTimeSuccess })).toBeVisible();
  await expect(page.getByTestId('checkout-balance')).toHaveText('4');
});

test('a membership with bank authentication grants its tokens once approved, and can be cancelled', async ({
  page,
  loginAsLearner,
}) => {
  // Three axe scans and a dozen page loads: more than the default budget on a busy machine.
  test.slow();
  await loginAsLearner();
  await openCheckout(page, '/membership', 'Monthly Membership');
  await expect(page).toHaveURL(/\?recurring=1$/);
  await expect(page.getByRole('checkbox', { name: 'Subscribe (recurring)' })).toBeChecked();

  await fillCard(page, DEMO_CARDS.requiresAuthentication);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const bank = page.getByRole('dialog', { name: 'Confirm this payment with your bank' });
  await expect(bank).toBeVisible();
  // While the bank decides, nothing can be submitted twice.
  await expect(page.getByLabel('Card number')).toBeDisabled();
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  await bank.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.subscriptionAuthenticated }),
  ).toBeVisible();
  await expect(page.getByTestId('checkout-balance')).toHaveText('8');
  await expectBalance(page, 8);

  await page.goto('/user/payment-list');
  const monthly = page.getByRole('row').filter({ hasText: 'Monthly Membership' });
  await expect(monthly.getByRole('cell', { name: 'Subscription', exact: true })).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toHaveCount(1);
  await page.getByRole('button', { name: 'Cancel Monthly Membership' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/^Subscription cancelled\. It ends on /)).toBeVisible();
  await expect(page.getByText(/^Ends on /)).toHaveCount(1);
  await expect(page.getByText(/^Renews on /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel Monthly Membership' })).toHaveCount(0);
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  // Cancelling stops renewals; the tokens already paid for stay.
  await expectBalance(page, 8);
});

test("a membership's recurring option says how often it renews", async ({ page, loginAsLearner }) => {
  await loginAsLearner();
  await openCheckout(page, '/membership', '6-Month Membership');
  await expect(page.getByRole('checkbox', { name: 'Subscribe (recurring)' })).toBeChecked();
  await expect(page.getByText('$235 now, then $235 every 6 months until you cancel.')).toBeVisible();
});

test('a membership whose bank authentication fails grants nothing', async ({ page, loginAsLearner }) => {
  // Checkout and the bank's challenge frame: triple the usual time, like the other purchases.
  test.slow();
  await loginAsLearner();
  await openCheckout(page, '/membership', 'Monthly Membership');
  await fillCard(page, DEMO_CARDS.requiresAuthentication);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm this payment with your bank' })
    .getByRole('button', { name: 'Fail authentication', exact: true })
    .click();
  await expect(page.getByRole('alert')).toHaveText(/^Auth failed: \S/);
  await expectBalance(page, 0);

  await page.goto('/user/payment-list');
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByText(/^Renews on /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cancel / })).toHaveCount(0);
});

test('a membership can be bought with the keyboard alone', async ({ page, loginAsLearner }) => {
  // A purchase one key at a time: triple the usual time.
  test.slow();
  await loginAsLearner();
  await page.goto('/membership');
  await tabTo(page, page.getByRole('link', { name: 'Select Monthly Membership', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/select-payment\/\d+\?recurring=1$/);

  const subscribe = page.getByRole('checkbox', { name: 'Subscribe (recurring)' });
  await tabTo(page, subscribe);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(subscribe).toBeChecked();

  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type(DEMO_CARDS.requiresAuthentication);
  await page.keyboard.press('Tab');
  await page.keyboard.type(EXPIRY.replace('/', ''));
  await page.keyboard.press('Tab');
  await page.keyboard.type(CVC);
  await page.keyboard.press('Enter');

  // The bank step opens with the focus on Approve.
  await expect(page.getByRole('dialog', { name: 'Confirm this payment with your bank' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.subscriptionAuthenticated }),
  ).toBeVisible();
  await expect(page.getByTestId('checkout-balance')).toHaveText('8');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  const isoDay = (daysAhead: number) =>
    new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  test('the checkout, the Payment List and the Class Booking List fit 360 px, as cards, accessible', async ({
    page,
    loginAsLearner,
  }) => {
    // A purchase, then two lists, each audited by axe: triple the usual time.
    test.slow();
    await loginAsLearner();
    await openCheckout(page, '/payment', 'Package 2');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await fillCard(page, DEMO_CARDS.succeeds);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByTestId('checkout-balance')).toHaveText('8');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // On a phone each payment is a card listing every column with its header.
    await page.goto('/user/payment-list');
    const payment = page.getByRole('listitem').filter({ hasText: 'Value Pack' });
    await expect(payment).toHaveCount(1);
    await expect(payment.getByRole('definition')).toHaveText(PAID_VALUE_PACK);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // So is each booking, its Cancel in view without scrolling sideways.
    const feed = await page.request.get('/api/calendar-schedules', {
      params: { from: isoDay(1), to: isoDay(40), tz: 'UTC' },
    });
    // A class paid in credits (a Conversation Club one asks for a Club pass instead) that the demo learner
    // has not booked already, two days off or more: a class other specs add to start within the hour has
    // no free cancellation, and this booking's card is found by its free cancellation.
    const freeToCancel = Date.now() + 2 * 24 * 60 * 60 * 1000;
    type FeedClass = { id: number; course_id: number; club: boolean; starts_at: string };
    const classes = ((await feed.json()).data as FeedClass[]).filter(
      (one) => !one.club && Date.parse(one.starts_at) > freeToCancel,
    );
    let booked = false;
    for (const one of classes.slice(0, 10)) {
      const answer = await page.request.post('/api/book-class', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        data: { schedule_id: one.id, course_id: one.course_id },
      });
      booked = answer.ok();
      if (booked) break;
    }
    expect(booked, 'a class of the demo timetable to book').toBe(true);
    await page.goto('/user/list-schedule');
    const booking = page.getByRole('listitem').filter({ hasText: 'Free cancellation until' }).first();
    // Below the fold on a phone is fine; off to the side is not (the page never scrolls sideways).
    const cancel = booking.getByRole('button', { name: 'Cancel' });
    await cancel.scrollIntoViewIfNeeded();
    await expect(cancel).toBeInViewport();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test("an admin filters the payments to a learner's purchase, sees the totals and downloads them as CSV", async ({
  page,
  browser,
  loginAsLearner,
}) => {
  test.slow();
  const learner = await loginAsLearner();
  await openCheckout(page, '/payment', 'Package 1');
  await fillCard(page, DEMO_CARDS.succeeds);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.oneTimeSuccess })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await adminLogin(admin);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto('/admin/payment-list');
  await admin.getByLabel('Student').fill(learner.email);
  await admin.getByLabel('Status').selectOption('succeeded');
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  // The filters are in the address, so the view can be shared.
  await expect(admin).toHaveURL(/status=succeeded/);
  const totals = admin.getByRole('group', { name: 'Totals of the filtered payments' });
  await expect(totals).toContainText(/Payments\s*1/);
  await expect(totals).toContainText(/Gross\s*\$28/);
  await expect(totals).toContainText(/Net\s*\$28/);
  const row = admin.getByRole('row').filter({ hasText: 'Starter Pack' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: learner.name })).toHaveAttribute(
    'href',
    /\/admin\/student\/\d+$/,
  );

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('payments.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(learner.email);
  expect(lines[1]).toContain(',28.00,succeeded,');
  await admin.context().close();
});
