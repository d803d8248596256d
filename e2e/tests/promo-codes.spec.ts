import { CHECKOUT_MESSAGES, DEMO_CARDS } from '@tokenly/contract/checkout';
import { expect, test } from '../fixtures/index';

// The demo school's live code (apps/server/src/db/seed/seed.ts): 10% off a package, once per learner.
const CODE = 'WELCOME10';

test('a learner applies a promo code at the checkout, pays the discounted price and sees it on the receipt', async ({
  page,
  loginAsLearner,
}) => {
  test.slow();
  await loginAsLearner();
  await page.goto('/payment');
  await page.getByRole('link', { name: 'Select Package 2', exact: true }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.demoNotice)).toBeVisible();
  await expect(page.getByText('$50 once, VAT included.')).toBeVisible();

  await page.getByText('Have a code?').click();
  const field = page.getByLabel('Promo code');
  // An unknown code is refused under its field.
  await field.fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByText('This code is not valid.')).toBeVisible();
  await field.fill(CODE.toLowerCase());
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Code ${CODE}: $5 off` })).toBeVisible();
  await expect(page.getByText('$45 once instead of $50, VAT included.')).toBeVisible();

  await page.getByLabel('Card number').fill(DEMO_CARDS.succeeds);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.oneTimeSuccess })).toBeVisible();

  await page.goto('/user/payment-list');
  const row = page.getByRole('row').filter({ hasText: 'Value Pack' });
  await expect(row).toContainText('$45');
  await row.getByRole('link', { name: /^Receipt TE-\d{6}$/ }).click();
  await expect(page.getByText(`$5 with code ${CODE}`)).toBeVisible();
  await expect(page.getByText('$45')).toBeVisible();
});
