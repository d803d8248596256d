import { expect, test } from '../fixtures';

// What crawlers and link previews read is tested on the server (apps/server/src/modules/seo); here, that
// a browser keeps it: the app starts under the head the server wrote, and the titles it sets while the
// visitor moves on name the school as that head does.
test("the served head names the school, and the app's titles go on naming it", async ({ page }) => {
  await page.goto('/');
  const school = await page.locator('meta[property="og:site_name"]').getAttribute('content');
  expect(school).toBeTruthy();
  await expect(page).toHaveTitle(`${school}: live English classes online`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  const organization = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
  );
  expect(organization).toMatchObject({ '@type': 'EducationalOrganization', name: school });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timetable' }).click();
  await expect(page).toHaveURL(/\/timetable$/);
  await expect(page).toHaveTitle(`Timetable | ${school}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Membership' }).click();
  await expect(page).toHaveTitle(`Membership | ${school}`);
});
