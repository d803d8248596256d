import { expect, PUBLIC_PATHS, revealDeferredSections, test } from '../fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('the slide menu lists the SPEC.md entries and navigates', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const entry of ['Home', 'Membership', 'FAQ', 'Sign In', 'Register for Free']) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Membership', exact: true }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByRole('heading', { name: 'Become a Member' })).toBeVisible();
});

for (const path of PUBLIC_PATHS) {
  test(`${path} fits a 360 px screen without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await revealDeferredSections(page);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
