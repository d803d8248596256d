import { readFileSync } from 'node:fs';
import { DEMO_CARDS } from '@tokenly/contract/checkout';
import { expect, seriousAxeViolations, test } from '../fixtures/index';

// The server runs the demo gateway here (no Stripe keys), which names the card (brand, last four).

test('a learner with billing details (Settings, then checkout) buys a package by demo card and downloads its invoice PDF', async ({
  page,
  loginAsLearner,
}) => {
  test.slow();
  await loginAsLearner();
  await page.goto('/user/settings');
  const billing = page.getByRole('form', { name: 'Billing details' });
  await billing.getByLabel('Name or company').fill('Acme Trading GmbH');
  await billing.getByLabel('Address').fill('Hauptstrasse 1\n10115 Berlin');
  await billing.getByLabel('Country').fill('Germany');
  await billing.getByLabel('VAT number').fill('DE123456789');
  await billing.getByRole('button', { name: 'Save billing details' }).click();
  await expect(billing.getByRole('status')).toHaveText('Billing details saved.');

  await page.goto('/payment');
  await page.getByRole('link', { name: 'Select Package 2', exact: true }).click();
  // The same details, optional, at checkout: saved ones filled in, and a change applies to this invoice.
  await page.getByText('Billing details for the invoice (optional)').click();
  const atCheckout = page.getByRole('form', { name: 'Billing details' });
  await expect(atCheckout.getByLabel('Name or company')).toHaveValue('Acme Trading GmbH');
  await atCheckout.getByLabel('Name or company').fill('Acme Trading AG');
  await atCheckout.getByRole('button', { name: 'Save billing details' }).click();
  await expect(atCheckout.getByRole('status')).toHaveText('Billing details saved.');
  await page.getByLabel('Card number').fill(DEMO_CARDS.succeeds);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByTestId('checkout-balance')).toHaveText('8');

  await page.goto('/user/payment-list');
  const row = page.getByRole('row').filter({ hasText: 'Value Pack' });
  const invoiceLink = row.getByRole('link', { name: /^\d{4}-\d{6}$/ });
  const number = (await invoiceLink.textContent()) ?? '';
  await invoiceLink.click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${number}`);
  await expect(page.getByText('Acme Trading AG')).toBeVisible();
  await expect(page.getByText('VAT number: DE123456789')).toBeVisible();
  await expect(page.getByText('visa card ending in 4242')).toBeVisible();
  await expect(page.getByText('Total (VAT included)')).toBeVisible();
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Its text is compressed; apps/server/src/modules/invoices/invoices.test.ts parses it.
  expect(file.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
});
