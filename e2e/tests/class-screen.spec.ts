import { randomUUID } from 'node:crypto';
import {
  closeSuccessDialog,
  DEMO,
  expect,
  registerLearner,
  seriousAxeViolations,
  signInApi,
  test,
} from '../fixtures/index';

// The class screen, end to end: the administrator opens a class from the dashboard's View, sees who is
// booked, adds a learner (paid from their credits) and moves a booked learner to another class, whose
// roster then has them. Runs with the school-wide specs (playwright.config.ts): its classes start within
// the hour, to be among the dashboard's next classes, and would otherwise be the first class other specs
// pick from the calendar.

const MINUTE = 60 * 1000;

test('an administrator opens the class screen from the dashboard, adds a learner and moves one', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  test.slow();
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const types = await request.get('/api/admin-courses-list', { headers: admin.headers });
  const courseId = (await types.json()).data[0].id as number;
  const id = randomUUID().slice(0, 8);
  const classes: { id: number; title: string }[] = [];
  for (const [name, minutes] of [
    ['Roster Lab', 35],
    ['Move Lab', 55],
  ] as const) {
    const title = `${name} ${id}`;
    const created = await request.post('/api/admin-course-schedule', {
      headers: admin.headers,
      data: {
        course_id: courseId,
        // Whatever the day: the demo school's closed days are not this test's subject.
        allow_closed_day: true,
        title,
        no_of_users: 4,
        token: 1,
        date: new Date(Date.now() + minutes * MINUTE).toISOString(),
      },
    });
    expect(created.status()).toBe(201);
    classes.push({ id: (await created.json()).data.id as number, title });
  }
  const [from, to] = classes as [{ id: number; title: string }, { id: number; title: string }];

  const booked = await registerLearner(request);
  const added = await registerLearner(request);
  const sessions = [await signInApi(request, booked), await signInApi(request, added)];
  for (const session of sessions) {
    const granted = await request.post(`/api/admin-user-credits/${session.id}`, {
      headers: admin.headers,
      data: { delta: 2, reason: 'e2e class screen' },
    });
    expect(granted.status()).toBe(200);
  }
  const booking = await request.post('/api/book-class', {
    headers: sessions[0]?.headers,
    data: { schedule_id: from.id },
  });
  expect(booking.status()).toBe(200);

  await loginAsAdmin();
  await page.getByRole('link', { name: `View ${from.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/schedule/${from.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: from.title })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(booked.name) })).toContainText('Booked');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Add a learner found by their email, paid from their credits.
  await page.getByLabel('Search learners').fill(added.email);
  const learner = page.getByRole('combobox', { name: 'Learner', exact: true });
  await expect(learner.locator('option', { hasText: added.email })).toHaveCount(1);
  await learner.selectOption({ value: String(sessions[1]?.id) });
  // A free place needs a reason; a paid one does not.
  const addForm = page.getByRole('form', { name: 'Add a learner' });
  await addForm.getByLabel('Free place: take no credits').check();
  await addForm.getByRole('button', { name: 'Add learner' }).click();
  await expect(addForm.getByText('Give a reason.')).toBeVisible();
  await addForm.getByLabel('Free place: take no credits').uncheck();
  await page.getByRole('button', { name: 'Add learner' }).click();
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toContainText(`${added.name} was added; 1 credit taken.`);
  await closeSuccessDialog(page);
  await expect(page.getByRole('row', { name: new RegExp(added.name) })).toContainText('Booked');

  // Move the first learner to the other class.
  await page.getByRole('button', { name: `Move ${booked.name}`, exact: true }).click();
  const move = page.getByRole('dialog', { name: `Move ${booked.name} to another class` });
  await move.getByRole('combobox', { name: 'Move to' }).selectOption({ value: String(to.id) });
  await move.getByRole('button', { name: `Move ${booked.name}` }).click();
  await expect(success).toContainText(`${booked.name} was moved to ${to.title}.`);
  await closeSuccessDialog(page);
  await expect(page.getByRole('row', { name: new RegExp(booked.name) })).toContainText('Cancelled');

  await page.goto(`/admin/schedule/${to.id}`);
  await expect(page.getByRole('heading', { level: 1, name: to.title })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(booked.name) })).toContainText('Booked');

  for (const { id: scheduleId } of classes) {
    const cancelled = await request.post(`/api/admin-course-schedule/${scheduleId}/cancel`, {
      headers: admin.headers,
    });
    expect(cancelled.status()).toBe(200);
  }
});
