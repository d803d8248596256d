import type { Page } from '@playwright/test';
import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { closeSuccessDialog, expect, seriousAxeViolations, test } from '../fixtures/index';

// The membership card on the learner's payments page: a pause from the next renewal and an early
// resume, and the card of a membership whose renewal failed. The server runs the demo gateway.

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

async function subscribeMonthly(page: Page) {
  await page.goto('/membership');
  await page.getByRole('link', { name: 'Select Monthly Membership', exact: true }).click();
  await fillCard(page, DEMO_CARDS.succeeds);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByTestId('checkout-balance')).toHaveText('8');
}

test('a member pauses from the next renewal and resumes early from the membership card', async ({
  page,
  loginAsLearner,
}) => {
  test.slow();
  await loginAsLearner();
  await subscribeMonthly(page);

  await page.goto('/user/payment-list');
  await expect(page.getByText('Next charge: $47')).toBeVisible();
  await page.getByRole('button', { name: 'Pause Monthly Membership' }).click();
  const pause = page.getByRole('dialog', { name: 'Pause Monthly Membership' });
  await expect(pause.getByText(/^The pause starts at your next renewal on /)).toBeVisible();
  await pause.getByLabel('Pause for').selectOption({ label: '2 billing months' });
  await pause.getByRole('button', { name: 'Pause membership' }).click();
  await expect(page.getByText(/^Paused from .+ until .+\.$/)).toBeVisible();
  await closeSuccessDialog(page);

  // Planned from the next renewal: still active until then, and it renews when the pause ends.
  await expect(page.getByText(/^Pauses from .+ until .+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause Monthly Membership' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update card for Monthly Membership' })).toBeVisible();
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  await page.getByRole('button', { name: 'Resume Monthly Membership' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resume membership' }).click();
  await expect(page.getByText(/^Resumed\. Your next charge is on /)).toBeVisible();
  await closeSuccessDialog(page);
  await expect(page.getByText(/^Pauses from /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause Monthly Membership' })).toBeVisible();
});

test('a member sees what a bigger plan costs for the rest of the period, and moves to it', async ({
  page,
  loginAsLearner,
}) => {
  test.slow();
  await loginAsLearner();
  await subscribeMonthly(page);

  await page.goto('/user/payment-list');
  await page.getByRole('button', { name: 'Change plan for Monthly Membership' }).click();
  const change = page.getByRole('dialog', { name: 'Change plan for Monthly Membership' });
  await change.getByLabel('New plan').selectOption({ label: 'Monthly Plus Membership: $65, 12 tokens' });
  // Just subscribed: almost the whole period is left, so the difference is close to 65 − 47 USD.
  const charge = change.getByText(/^Charged now: \$1[78](\.\d\d)?, for the rest of this period\.$/);
  await expect(charge).toBeVisible();
  await expect(change.getByText('Tokens added now: 4')).toBeVisible();
  await expect(
    change.getByText(/^From .+: Monthly Plus Membership, \$65 a period with 12 tokens\.$/),
  ).toBeVisible();
  const amount = /\$\d+(\.\d\d)?/.exec((await charge.textContent()) ?? '')?.[0] ?? '';
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  await change.getByRole('button', { name: `Pay ${amount} and change plan` }).click();
  await expect(page.getByText('Done: your membership is now Monthly Plus Membership.')).toBeVisible();
  await closeSuccessDialog(page);

  await expect(page.getByRole('heading', { name: 'Monthly Plus Membership' })).toBeVisible();
  await expect(page.getByText('Next charge: $65')).toBeVisible();
  // The difference is a payment of its own, with its receipt.
  await expect(page.getByRole('row').filter({ hasText: `${amount} (VAT included)` })).toHaveCount(1);
});
