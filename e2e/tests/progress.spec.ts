import { randomUUID } from 'node:crypto';
import {
  adminApi,
  adminLogin,
  DEMO,
  expect,
  login,
  registerLearner,
  seriousAxeViolations,
  signInApi,
  test,
} from '../fixtures';

// Progress, end to end: the demo teacher writes a note on a learner after a class and marks them
// attended, and suggests a new level that the administrator accepts on the dashboard; the learner reads
// the note, the level and the hour on their Progress page, creates a certificate of attendance,
// downloads its PDF and opens its public verification page. axe on each new page.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('a teacher notes a learner after class and suggests a level the admin accepts; the learner reads both on Progress and verifies a certificate', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = randomUUID().slice(0, 8);
  const admin = await adminApi(request);
  const teacher = await signInApi(request, DEMO.teacher);
  const learnerAccount = await registerLearner(request);
  const learner = await signInApi(request, learnerAccount);

  // A class of the demo teacher with the learner on its roster (the admin's free place, whatever the
  // learner's level), then moved to an hour ago (the edit form allows past dates) so it has started.
  const types = await (await request.get('/api/admin-courses-list', { headers: admin })).json();
  const body = {
    course_id: types.data[0].id as number,
    allow_closed_day: true,
    allow_teacher_clash: true,
    title: `Progress E2E ${id}`,
    no_of_users: 4,
    token: 1,
    teacher_id: teacher.id,
    date: new Date(Date.now() + DAY).toISOString(),
  };
  const created = await request.post('/api/admin-course-schedule', { headers: admin, data: body });
  expect(created.status(), await created.text()).toBe(201);
  const classId = (await created.json()).data.id as number;
  const added = await request.post(`/api/admin-course-schedule/${classId}/roster`, {
    headers: admin,
    data: { user_id: learner.id, free: true, reason: 'e2e progress' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const moved = await request.put(`/api/admin-course-schedule/${classId}`, {
    headers: admin,
    data: { ...body, date: new Date(Date.now() - HOUR).toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await login(teacherPage, DEMO.teacher);
  // Signed in before going on: a navigation now would cut the sign-in short.
  await expect(teacherPage).toHaveURL(/\/teacher\//);
  await teacherPage.goto(`/teacher/class/${classId}`);
  const row = teacherPage.getByRole('row', { name: new RegExp(learnerAccount.name) });
  await row.getByRole('button', { name: 'Attended' }).click();
  await expect(row.getByRole('button', { name: 'Attended' })).toHaveAttribute('aria-pressed', 'true');
  await teacherPage.getByLabel(`What went well for ${learnerAccount.name}`).fill('Confident questions.');
  await teacherPage.getByLabel(`What ${learnerAccount.name} should work on`).fill('Third person -s.');
  await teacherPage.getByRole('button', { name: `Save the note on ${learnerAccount.name}` }).click();
  await expect(teacherPage.getByText('Last saved by')).toBeVisible();
  // The teacher suggests a new level; the school decides.
  await teacherPage.getByLabel(`Suggested level for ${learnerAccount.name}`).selectOption('B2');
  await teacherPage.getByLabel('Why (the school reads it)').fill('Follows fast conversations.');
  await teacherPage.getByRole('button', { name: `Suggest B2 for ${learnerAccount.name}` }).click();
  await expect(teacherPage.getByText('Level B2 suggested; the school will decide.')).toBeVisible();
  expect(await seriousAxeViolations(teacherPage)).toEqual([]);
  await teacherContext.close();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminLogin(adminPage);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.getByRole('button', { name: `Accept B2 for ${learnerAccount.name}` }).click();
  await expect(adminPage.getByText(`${learnerAccount.name}'s level is now B2.`)).toBeVisible();
  await expect(adminPage.getByRole('button', { name: `Accept B2 for ${learnerAccount.name}` })).toHaveCount(
    0,
  );
  await adminContext.close();

  await login(page, learnerAccount);
  await page.getByRole('link', { name: 'Progress' }).first().click();
  await expect(page).toHaveURL(/\/user\/progress$/);
  await expect(page.getByRole('heading', { name: 'Progress', level: 1 })).toBeVisible();
  await expect(page.getByTestId('hours-attended')).toHaveText('0.8');
  await expect(page.getByTestId('current-level')).toHaveText('B2');
  await expect(page.getByText('Confident questions.')).toBeVisible();
  await expect(page.getByText('Third person -s.')).toBeVisible();
  await expect(page.getByRole('img', { name: /hours attended in each of the last 12 weeks/ })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A period around today, a day wide each side whatever the school's and the browser's zones.
  await page.getByLabel('From').fill(isoDay(Date.now() - 2 * DAY));
  await page.getByLabel('To').fill(isoDay(Date.now() + DAY));
  await page.getByRole('button', { name: 'Create the certificate' }).click();
  const download = page.getByRole('link', { name: /Download the certificate of/ });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^certificate-[\w-]{20}\.pdf$/);
  const code = /^certificate-([\w-]{20})\.pdf$/.exec(file.suggestedFilename())?.[1];

  await page.getByRole('link', { name: 'Verification page' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${code}$`));
  await expect(page.getByText('This certificate is genuine.')).toBeVisible();
  await expect(page.getByText(learnerAccount.name)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
