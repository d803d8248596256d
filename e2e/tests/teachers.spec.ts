import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  adminLogin,
  expect,
  login,
  mailTo,
  registerLearner,
  seriousAxeViolations,
  tabTo,
  test,
} from '../fixtures';

// Teachers, end to end: an administrator adds a teacher (invited by mail, read here from the mailbox) and
// assigns a class in the schedule form's teacher picker; the teacher sets a password, signs in at /login,
// sees the class's roster (no emails) and marks attendance, by mouse and by keyboard.

const HOUR = 60 * 60 * 1000;

async function bearerOf(request: APIRequestContext, path: string, credentials: object) {
  const answer = await request.post(`/api/${path}`, { data: credentials });
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  return { id: body.data.id as number, headers: { authorization: `Bearer ${body.access_token}` } };
}

test('admin adds a teacher and assigns a class; the teacher signs in, sees the roster and marks attendance', async ({
  page,
  browser,
  request,
}) => {
  // Two sessions, a sign-up, an invitation and three password hashes.
  test.setTimeout(120_000);
  const id = randomUUID().slice(0, 8);
  const teacher = { name: `Tess Teacher ${id}`, email: `e2e-teacher-${id}@tokenly.test` };

  await adminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Teachers' }).click();
  await expect(page).toHaveURL(/\/admin\/teachers$/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Add Teacher' }).click();
  await page.getByLabel('Name').fill(teacher.name);
  await page.getByLabel('Email').fill(teacher.email);
  await page.getByLabel('Bio').fill('Loves grammar puzzles.');
  await page.getByRole('button', { name: 'Add Teacher' }).click();
  await expect(page).toHaveURL(/\/admin\/teachers$/);
  await expect(page.getByRole('row', { name: new RegExp(teacher.name) })).toContainText('Invited');

  // A class a learner has booked, moved to an hour ago (the edit form allows past dates) so attendance
  // can be marked; set up through the API, the teacher then assigned in the form.
  const admin = await bearerOf(request, 'admin-login', {
    email: 'admin@tokenly.test',
    password: 'Admin123!',
  });
  const types = await (await request.get('/api/admin-courses-list', { headers: admin.headers })).json();
  const title = `Teachers E2E ${id}`;
  const body = {
    course_id: types.data[0].id as number,
    // Whatever the day: the demo school's closed days are not this test's subject.
    allow_closed_day: true,
    title,
    no_of_users: 4,
    token: 1,
    date: new Date(Date.now() + 24 * HOUR).toISOString(),
  };
  const created = await request.post('/api/admin-course-schedule', { headers: admin.headers, data: body });
  expect(created.status()).toBe(201);
  const classId = (await created.json()).data.id as number;
  const learnerAccount = await registerLearner(request);
  const learner = await bearerOf(request, 'login', learnerAccount);
  await request.post(`/api/admin-user-credits/${learner.id}`, {
    headers: admin.headers,
    data: { delta: 2, reason: 'e2e teachers' },
  });
  const booked = await request.post('/api/book-class', {
    headers: learner.headers,
    data: { schedule_id: classId },
  });
  expect(booked.status()).toBe(200);
  const moved = await request.put(`/api/admin-course-schedule/${classId}`, {
    headers: admin.headers,
    data: { ...body, date: new Date(Date.now() - HOUR).toISOString() },
  });
  expect(moved.status()).toBe(200);

  await page.goto(`/admin/edit-schedule/${classId}`);
  await page.getByLabel('Teacher').selectOption({ label: teacher.name });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/list-schedule$/);

  // The invitation, as it reaches the teacher's mailbox (the Outbox masks its link).
  const invitation = await mailTo(teacher.email, /invited to teach/);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(invitation.text)?.[0];
  expect(link, 'the link in the invitation').toBeTruthy();

  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await teacherPage.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await teacherPage.getByLabel('New password', { exact: true }).fill('Teaching secret 7');
  await teacherPage.getByLabel('Confirm new password').fill('Teaching secret 7');
  await teacherPage.getByRole('button', { name: 'Set the new password' }).click();
  await expect(teacherPage.getByRole('status')).toContainText('Your password has been changed.');

  await login(teacherPage, { email: teacher.email, password: 'Teaching secret 7' });
  await expect(teacherPage).toHaveURL(/\/teacher\/dashboard$/);
  await teacherPage.getByRole('link', { name: title }).click();
  await expect(teacherPage).toHaveURL(new RegExp(`/teacher/class/${classId}$`));
  const row = teacherPage.getByRole('row', { name: new RegExp(learnerAccount.name) });
  await expect(row).toContainText('Intermediate');
  await expect(teacherPage.getByText(learnerAccount.email)).toHaveCount(0);
  expect(await seriousAxeViolations(teacherPage)).toEqual([]);

  await row.getByRole('button', { name: 'Attended' }).click();
  await expect(row.getByRole('button', { name: 'Attended' })).toHaveAttribute('aria-pressed', 'true');
  // By keyboard: the other choice is a tab stop away and Enter takes it.
  await tabTo(teacherPage, row.getByRole('button', { name: 'No-show' }));
  await teacherPage.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'No-show' })).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByRole('button', { name: 'Attended' })).toHaveAttribute('aria-pressed', 'false');
  await teacherContext.close();

  // The administrator sees it on the learner's page.
  await page.goto(`/admin/student/${learner.id}`);
  await expect(page.getByTestId('no-show-count')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Attendance history' })).toContainText(title);
});

test("a teacher opening another teacher's class gets the not-found answer", async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, { email: 'teacher@tokenly.test', password: 'Teacher123!' });
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  const others = await page.request.get('/api/calendar-schedules', {
    params: {
      from: new Date().toISOString().slice(0, 10),
      to: new Date(Date.now() + 30 * 24 * HOUR).toISOString().slice(0, 10),
    },
  });
  const me = await (await page.request.get('/api/user-details')).json();
  const foreign = ((await others.json()).data as { id: number; teacher_id: number | null }[]).find(
    (row) => row.teacher_id !== null && row.teacher_id !== me.data.id,
  );
  expect(foreign, 'a class of the other demo teacher').toBeTruthy();
  const answer = await page.request.get(`/api/teacher-class/${foreign?.id}`);
  expect(answer.status()).toBe(404);
  await page.goto(`/teacher/class/${foreign?.id}`);
  await expect(page.getByRole('alert')).toContainText('This class does not exist.', { timeout: 20_000 });
});
