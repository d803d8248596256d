import type { APIRequestContext, Page } from '@playwright/test';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import {
  adminApi,
  buyPackage,
  DEMO,
  expect,
  firstCalendarClass,
  invalidMarkup,
  login,
  PUBLIC_PATHS,
  revealDeferredSections,
  seriousAxeViolations,
  test,
} from '../fixtures';

// Every route of SPEC.md section 2 (and the screens we added), checked with axe: no serious or critical
// violation; and with html-validate: valid HTML as rendered. Parameterised routes take the
// first row the API lists.

// Two whole-page audits per test (axe, then html-validate): twice the default time.
test.describe.configure({ timeout: 60_000 });

/** No serious axe violation and no html-validate error in what the page shows now. */
async function expectAccessibleNow(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
  expect(await invalidMarkup(page), where).toEqual([]);
}

/**
 * Each page of a role in turn, in one browser signed in once, its code cached after the first: one step
 * per page, and a page's faults are reported with its path without stopping the others.
 */
async function expectEachAccessible(page: Page, paths: readonly string[]) {
  test.setTimeout(paths.length * 20_000);
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await revealDeferredSections(page);
      await page.waitForLoadState('networkidle');
      expect.soft(await seriousAxeViolations(page), path).toEqual([]);
      expect.soft(await invalidMarkup(page), path).toEqual([]);
    });
  }
}

/** Opens the page, waits until it has settled (its data, any deferred section), then checks it. */
async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  await revealDeferredSections(page);
  await page.waitForLoadState('networkidle');
  await expectAccessibleNow(page, path);
}

/** The id of the first row of a list call (a plain or a paginated `data`). */
async function firstId(request: APIRequestContext, path: string): Promise<number> {
  const response = await request.get(`/api/${path}`);
  expect(response.ok(), path).toBe(true);
  const { data } = (await response.json()) as { data: { id: number }[] | { data: { id: number }[] } };
  const rows = Array.isArray(data) ? data : data.data;
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`${path} lists no rows`);
  return id;
}

/** The demo series. */
async function firstSeriesId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/${ENDPOINTS.adminSeriesList.path}`);
  expect(response.ok()).toBe(true);
  const id = ((await response.json()) as { data: { series: { id: number }[] } }).data.series[0]?.id;
  if (id === undefined) throw new Error('the demo data has no series');
  return id;
}

test.describe('public pages', () => {
  test('a visitor who asks for less motion sees nothing pulse or spin forever on the home page', async ({
    page,
  }) => {
    // The suite asks for less motion (playwright.config.ts); the sections below the banner wait as
    // placeholders until they are scrolled to.
    await page.goto('/');
    await expect(page.locator('[data-deferred]').first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        )
        .map((animation) => (animation.effect as KeyframeEffect | null)?.target?.className ?? ''),
    );
    expect(endless).toEqual([]);
  });

  test('every public page has no serious axe violation and valid HTML', async ({ page }) => {
    await expectEachAccessible(page, PUBLIC_PATHS);
  });

  test('/select-payment/{id} has no serious axe violation and valid HTML', async ({ page, request }) => {
    await expectAccessible(
      page,
      `/select-payment/${await firstId(request, ENDPOINTS.membershipTokens.path)}`,
    );
  });

  test("the calendar's day dialog has no serious axe violation and valid HTML", async ({ page }) => {
    const feed = page.waitForResponse(/calendar-schedules/);
    await page.goto('/');
    await revealDeferredSections(page);
    const event = await firstCalendarClass(page, feed, () =>
      page.getByRole('button', { name: 'Next ›' }).click(),
    );
    await event.click();
    await expect(page.getByRole('dialog', { name: /Classes on/ })).toBeVisible();
    await expectAccessibleNow(page, 'the day dialog');
  });
});

test.describe('learner pages', () => {
  test("every learner's page has no serious axe violation and valid HTML", async ({
    page,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    await expectEachAccessible(page, [
      '/user/dashboard',
      '/user/list-schedule',
      '/user/payment-list',
      '/user/list-token',
      '/user/settings',
    ]);
  });

  test('the class page with the book-the-rest-of-the-series preview open has no serious axe violation and valid HTML', async ({
    page,
    request,
    loginAsLearner,
  }) => {
    const headers = await adminApi(request);
    const series = await request.get(`/api/${ENDPOINTS.adminSeriesList.path}`, { headers });
    const seriesId = (await series.json()).data.series[0].id as number;
    const classes = await request.get(`/api/${ENDPOINTS.adminSchedules.path}?series_id=${seriesId}`, {
      headers,
    });
    const id = (await classes.json()).data.data[0].id as number;
    await loginAsLearner();
    await expectAccessible(page, `/class/${id}`);
    await page.getByRole('button', { name: /^Book the rest of the series/ }).click();
    await expect(page.getByText('Classes to book')).toBeVisible();
    await expectAccessibleNow(page, 'the book-the-rest-of-the-series preview');
  });

  test('/select-payment/{id} signed in has no serious axe violation and valid HTML', async ({
    page,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    const id = await firstId(page.request, ENDPOINTS.membershipTokens.path);
    await expectAccessible(page, `/select-payment/${id}`);
  });

  test('/user/list-token, /user/payment-list and a receipt with a purchase have no serious axe violation and valid HTML', async ({
    page,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    const plans = await page.request.get(`/api/${ENDPOINTS.membershipTokens.path}`);
    const plan = ((await plans.json()) as { data: TokenPlan[] }).data.find(
      (found) => found.kind === 'package',
    );
    if (!plan) throw new Error('the demo catalogue has no package');
    await buyPackage(page, plan);
    await expectAccessible(page, '/user/list-token');
    await expectAccessible(page, '/user/payment-list');
    const id = await firstId(page.request, ENDPOINTS.userPayments.path);
    await expectAccessible(page, `/user/payment-list/${id}/receipt`);
  });
});

test.describe('admin pages', () => {
  // Two halves, so the two browser workers share the administrator's pages.
  test("the administrator's lists have no serious axe violation and valid HTML", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await expectEachAccessible(page, [
      '/admin/dashboard',
      '/admin/class',
      '/admin/list-schedule',
      '/admin/list-students',
      '/admin/list-admin',
      '/admin/list-token',
      '/admin/payment-list',
      '/admin/search?q=learner',
      '/admin/audit-log',
      '/admin/subscriptions',
      '/admin/messages',
      '/admin/teachers',
      '/admin/placement-items',
    ]);
  });

  test("the administrator's forms and records have no serious axe violation and valid HTML", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const withId = async (route: string, list: string) =>
      route.replace('{id}', String(await firstId(page.request, list)));
    await expectEachAccessible(page, [
      '/admin/class/add',
      '/admin/add-schedule',
      '/admin/add-admin',
      '/admin/add-token',
      '/admin/settings',
      '/admin/teachers/add',
      await withId('/admin/class/{id}', ENDPOINTS.adminCourses.path),
      await withId('/admin/edit-schedule/{id}', ENDPOINTS.adminSchedules.path),
      await withId('/admin/edit-token/{id}', ENDPOINTS.adminTokenPlans.path),
      await withId('/admin/student/{id}', ENDPOINTS.adminStudents.path),
      await withId('/admin/edit-admin/{id}', ENDPOINTS.adminAdmins.path),
      await withId('/admin/teachers/{id}', ENDPOINTS.adminTeachers.path),
    ]);
  });

  test('the add schedule form repeating weekly has no serious axe violation and valid HTML', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto('/admin/add-schedule');
    await page.getByLabel('Repeat weekly').check();
    await expect(page.getByLabel('Start time')).toBeVisible();
    await expectAccessibleNow(page, 'the add schedule form, repeating weekly');
  });

  test('/admin/edit-schedule/{id} of a class of a series has no serious axe violation and valid HTML', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const seriesId = await firstSeriesId(page.request);
    const id = await firstId(page.request, `${ENDPOINTS.adminSchedules.path}?series_id=${seriesId}`);
    await expectAccessible(page, `/admin/edit-schedule/${id}`);
    await expect(page.getByRole('heading', { name: 'Weekly series' })).toBeVisible();
  });

  test('the schedule form with its date picker open has no serious axe violation and valid HTML', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    await page.goto(`/admin/edit-schedule/${await firstId(page.request, ENDPOINTS.adminSchedules.path)}`);
    await page.getByLabel('Date and time').click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    await expectAccessibleNow(page, 'the date picker');
  });
});

// The demo teacher's own pages, a class with its roster included.
test.describe('teacher pages', () => {
  test('/teacher/dashboard and /teacher/class/{id} have no serious axe violation and valid HTML', async ({
    page,
  }) => {
    await login(page, DEMO.teacher);
    await expect(page).toHaveURL(/\/teacher\/dashboard$/);
    await page.waitForLoadState('networkidle');
    await expectAccessibleNow(page, '/teacher/dashboard');
    const classes = await page.request.get(`/api/${ENDPOINTS.teacherClasses.path}`);
    const { data } = (await classes.json()) as { data: { upcoming: { id: number }[] } };
    const id = data.upcoming[0]?.id;
    if (id === undefined) throw new Error('the demo teacher has no class');
    await expectAccessible(page, `/teacher/class/${id}`);
  });
});
