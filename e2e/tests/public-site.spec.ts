import { DEMO, expect, revealDeferredSections, test } from '../fixtures';

test('home shows every section, the packages from the API and the current year', async ({ page }) => {
  await page.goto('/');
  for (const tab of [
    'General English',
    'IT Certifications',
    'Leadership',
    'Web Development',
    'Communication',
    'Business Analytics & Intelligence',
  ]) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  // SPEC.md section 9: package 1 is 4 tokens for 28 USD, VAT included.
  await expect(page.getByText('Package 1').first()).toBeVisible();
  await expect(page.getByText('$28').first()).toBeVisible();
  await expect(page.getByText('(VAT included)').first()).toBeVisible();
  // The month calendar: 6 weeks of 7 days, Monday first.
  await revealDeferredSections(page);
  const calendar = page.locator('#calendar');
  await expect(calendar.getByRole('cell')).toHaveCount(42);
  await expect(calendar.getByRole('columnheader').first()).toContainText('Mon');
  await expect(page.getByLabel('Phone (optional)')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
});

test('Select on a package sends a visitor to login, and a learner to checkout', async ({ page }) => {
  await page.goto('/payment');
  await page
    .getByRole('link', { name: /Select/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login/);

  // After signing in, the learner is taken back to the package they chose.
  await page.getByLabel('Email').fill(DEMO.learner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/select-payment\/\d+(\?recurring=1)?$/);

  await page.goto('/payment');
  await page
    .getByRole('link', { name: /Select/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/select-payment\/\d+(\?recurring=1)?$/);
});

test('membership lists the three plans with their prices', async ({ page }) => {
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Become a Member' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flexible Learning with Tokens' })).toBeVisible();
  for (const price of ['$47', '$235', '$450']) await expect(page.getByText(price).first()).toBeVisible();
});

test("about and the blog show the school's own words", async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('speak English');
  await page.goto('/blogs');
  await page.getByRole('link', { name: 'Five ways to keep a conversation going' }).click();
  await expect(page).toHaveURL(/\/blogs\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { name: 'Five ways to keep a conversation going' })).toBeVisible();
});
