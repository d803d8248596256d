import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';

const PUBLIC_PAGES = [
  '/',
  '/membership',
  '/signup',
  '/login',
  '/admin-login',
  '/about-us',
  '/blogs',
  '/payment',
];

for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious or critical axe violation`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(blocking).toEqual([]);
  });
}
