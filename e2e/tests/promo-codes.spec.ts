import { randomUUID } from 'node:crypto';
import { CHECKOUT_MESSAGES, DEMO_CARDS } from '@tokenly/contract/checkout';
import { expect, seriousAxeViolations, test } from '../fixtures/index';

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

test('the administrator adds a promo code for one package and deactivates it', async ({
  page,
  loginAsAdmin,
}) => {
  test.slow();
  const code = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
  await loginAsAdmin();
  await page.getByRole('link', { name: 'Promo Codes' }).click();
  await expect(page.getByRole('row').filter({ hasText: CODE })).toContainText('10% off');
  await page.getByRole('link', { name: 'Add Promo Code' }).click();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('combobox', { name: 'Discount' }).selectOption('amount');
  await page.getByRole('spinbutton', { name: 'Amount off (USD)' }).fill('7.5');
  await page.getByRole('checkbox', { name: 'Value Pack' }).check();
  await page.getByRole('spinbutton', { name: 'Total uses (empty: no limit)' }).fill('20');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/promo-codes$/);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('$7.50 off');
  await expect(row).toContainText('1 package(s)');
  await expect(row).toContainText('0 (0) of 20');
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);

  await row.getByRole('link', { name: `Edit ${code}` }).click();
  await page.getByRole('checkbox', { name: 'Active' }).uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Inactive');
});
