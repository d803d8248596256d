import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminLogin, expect, revealDeferredSections, test } from '../fixtures';

const PHONE = { width: 360, height: 740 };

/** The elements wider than the page, or reaching past either edge (a page a phone scrolls sideways). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found = [...document.querySelectorAll('body *')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 1 && box.left >= -1)) return [];
      return [`${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`];
    });
    return { scrollWidth: document.documentElement.scrollWidth, found: found.slice(0, 5) };
  });

test("the school's site fits every width, its contact link finds the form, and a teacher's bio edited by an admin reaches visitors", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newPage({ viewport: PHONE });

  // At 360 px nothing is wider than the page, on the public pages a visitor arrives on.
  for (const path of ['/', '/membership', '/signup', '/login']) {
    await visitor.goto(path);
    await revealDeferredSections(visitor);
    expect(await overflowing(visitor), path).toEqual({ scrollWidth: PHONE.width, found: [] });
  }

  // The month on a phone: a dot per class, the chosen day's classes listed below it, no week cut off.
  await visitor.goto('/');
  await revealDeferredSections(visitor);
  const calendar = visitor.locator('#calendar');
  const days = calendar.getByRole('cell');
  await expect(days).toHaveCount(42);
  const lastWeek = await days.last().boundingBox();
  const grid = await calendar.getByRole('table').boundingBox();
  expect((lastWeek?.y ?? 0) + (lastWeek?.height ?? 0)).toBeLessThanOrEqual(
    (grid?.y ?? 0) + (grid?.height ?? 0) + 1,
  );
  const dayWithClass = days.filter({ has: visitor.getByRole('button') }).first();
  await dayWithClass.click();
  const dayList = calendar.getByRole('region', { name: /^Classes on / });
  await expect(dayList.getByRole('link', { name: /^Details of / }).first()).toBeVisible();
  // Kept with the test's results: the month at a phone's, a tablet's and a laptop's width.
  for (const width of [360, 768, 1366]) {
    await visitor.setViewportSize({ width, height: 900 });
    await calendar.screenshot({ path: test.info().outputPath(`home-calendar-${width}.png`) });
  }
  await visitor.setViewportSize(PHONE);

  // The footer's "Contact us" from another page lands on the form, built without scrolling there.
  await visitor.goto('/membership');
  // The footer lists the school's own pages once they arrive, which moves its other links down: a click
  // aimed before that lands on the link above, the Club's (this very page). They arrive together.
  const footer = visitor.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of service' })).toBeVisible();
  await footer.getByRole('link', { name: 'Contact us' }).click();
  await expect(visitor).toHaveURL(/\/#contact$/);
  await expect(visitor.getByRole('form', { name: 'Contact us' })).toBeInViewport();

  // An administrator rewrites Emma Clarke's bio; a visitor's home page shows the new one.
  const bio = `Teaches conversation and business English; ${randomUUID().slice(0, 8)}.`;
  await adminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/teachers');
  await page
    .getByRole('row', { name: /Emma Clarke/ })
    .getByRole('link')
    .click();
  await page.getByLabel('Bio').fill(bio);
  await expect(page.getByLabel('Show this profile on the home page')).toBeChecked();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved' })).toBeVisible();

  await visitor.goto('/');
  await revealDeferredSections(visitor);
  const emma = visitor.locator('#mentors').getByText(bio);
  await expect(emma).toBeVisible();
  await visitor.locator('#mentors').getByRole('link', { name: "See Emma Clarke's classes" }).click();
  await expect(visitor).toHaveURL(/\/timetable\?teacher=\d+$/);
  await visitor.close();
});
