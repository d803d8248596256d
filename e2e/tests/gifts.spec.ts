import { DEMO_CARDS } from '@tokenly/contract/checkout';
import {
  expect,
  mailTo,
  newLearner,
  registerLearner,
  seriousAxeViolations,
  signInThroughApi,
  test,
} from '../fixtures/index';

// A gift card end to end: a learner buys Package 2 as a gift for today at the normal checkout, the
// recipient's mail (as the run's mailbox received it) carries the gift's link, the recipient signs up
// through it and lands on "Redeem a gift" with the code filled in, and the buyer sees the gift redeemed.

test('a learner buys a package as a gift and another learner redeems it after signing up', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const buyer = await registerLearner(request);
  const recipient = newLearner();
  await signInThroughApi(page, buyer);

  await page.goto('/payment');
  await page.getByRole('link', { name: 'Select Package 2', exact: true }).click();
  await page.getByLabel('Buy as a gift').check();
  await page.getByLabel("Recipient's email").fill(recipient.email);
  await page.getByLabel('Message for the recipient (optional)').fill('Happy birthday! Enjoy the classes.');
  await expect(page.getByLabel('Delivery date')).not.toHaveValue('');
  await page.getByLabel('Card number').fill(DEMO_CARDS.succeeds);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your gift is paid' })).toContainText(
    recipient.email,
  );
  // The buyer's own balance did not grow: the credits wait for the recipient.
  await expect(page.getByTestId('checkout-balance')).toHaveText('0');

  const mail = await mailTo(recipient.email, /sent you a gift/);
  expect(mail.text).toContain('Happy birthday! Enjoy the classes.');
  const link = /https?:\/\/\S+\/gift\/GIFT-[A-Z0-9-]+/.exec(mail.text)?.[0];
  expect(link, "the gift's link in the mail").toBeTruthy();
  const code = /GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(link ?? '')?.[0] ?? '';

  // The recipient, in a browser of their own, opens the link and signs up from it.
  const recipientContext = await browser.newContext();
  const recipientPage = await recipientContext.newPage();
  await recipientPage.goto(new URL(link ?? '').pathname);
  await expect(recipientPage.getByRole('heading', { name: 'You have a gift', level: 1 })).toBeVisible();
  await expect(seriousAxeViolations(recipientPage)).resolves.toEqual([]);
  await recipientPage.getByRole('link', { name: 'Create an account to redeem it' }).click();
  await recipientPage.getByLabel('Full name').fill(recipient.name);
  await recipientPage.getByLabel('Email').fill(recipient.email);
  await recipientPage.getByLabel('Create password').fill(recipient.password);
  await recipientPage.getByLabel('Confirm password').fill(recipient.password);
  await recipientPage.getByLabel('English level').selectOption('2');
  await recipientPage.getByLabel('I agree to the terms and conditions').check();
  await recipientPage.getByRole('button', { name: 'Sign Up' }).click();

  await expect(recipientPage).toHaveURL(/\/user\/gifts\?code=/);
  await expect(recipientPage.getByLabel('Gift code')).toHaveValue(code);
  await recipientPage.getByRole('button', { name: 'Redeem gift' }).click();
  await expect(recipientPage.getByRole('status')).toContainText(
    `8 credits from ${buyer.name} added to your account`,
  );
  await expect(seriousAxeViolations(recipientPage)).resolves.toEqual([]);
  // Once only.
  await recipientPage.getByLabel('Gift code').fill(code);
  await recipientPage.getByRole('button', { name: 'Redeem gift' }).click();
  await expect(recipientPage.getByRole('alert')).toContainText('This gift has already been redeemed.');
  await recipientContext.close();

  await page.goto('/user/gifts');
  const row = page.getByRole('row').filter({ hasText: recipient.email });
  await expect(row).toContainText('Redeemed');
});
