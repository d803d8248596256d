import { randomUUID } from 'node:crypto';
import { DEMO, expect, login, registerLearner, signInApi, test } from '../fixtures/index';

// Changes reach people, end to end: the administrator moves a booked class in its edit form, is shown
// who is booked and what they will be told before it saves, and the learner's mail of the change is in
// the Outbox.

const DAY = 24 * 60 * 60 * 1000;

test('an administrator moves a booked class, sees whom it reaches, and the learner is mailed', async ({
  page,
  browser,
  request,
  loginAsAdmin,
}) => {
  test.slow();
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const types = await request.get('/api/admin-courses-list', { headers: admin.headers });
  const courseId = (await types.json()).data[0].id as number;
  const title = `Moved class ${randomUUID().slice(0, 8)}`;
  // Far after the demo timetable, so other tests' calendars stay as seeded; cancelled again at the end.
  const starts = new Date(Date.now() + 120 * DAY);
  starts.setUTCHours(10, 0, 0, 0);
  const created = await request.post('/api/admin-course-schedule', {
    headers: admin.headers,
    data: {
      course_id: courseId,
      // Whatever the day: the demo school's closed days are not this test's subject.
      allow_closed_day: true,
      title,
      no_of_users: 3,
      token: 1,
      date: starts.toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const scheduleId = (await created.json()).data.id as number;

  const learner = await registerLearner(request);
  const session = await signInApi(request, learner);
  await request.post(`/api/admin-user-credits/${session.id}`, {
    headers: admin.headers,
    data: { delta: 1, reason: 'e2e class change' },
  });
  const booked = await request.post('/api/book-class', {
    headers: session.headers,
    data: { schedule_id: scheduleId },
  });
  expect(booked.status()).toBe(200);

  await loginAsAdmin();
  await page.goto(`/admin/edit-schedule/${scheduleId}`);
  await page.getByLabel(/^Date and time/).click();
  const hours = Number(await page.getByLabel('Hours').inputValue());
  await page.getByLabel('Hours').fill(String((hours + 1) % 24));
  await page.getByRole('button', { name: 'Confirm date and time' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  const warning = page.getByRole('dialog', { name: 'Tell 1 learner about this change?' });
  await expect(warning).toContainText(`Booked: ${learner.name} (${learner.email})`);
  await expect(warning).toContainText('Time:');
  await warning.getByRole('button', { name: 'Save and tell them' }).click();
  await expect(page).toHaveURL(/\/admin\/list-schedule$/);

  await page.getByRole('link', { name: 'Outbox' }).click();
  const mail = page
    .getByRole('row')
    .filter({ hasText: learner.email })
    .filter({ hasText: `Class changed: ${title}` });
  await expect(mail).toHaveCount(1);

  // The learner's booking list marks the booking changed.
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await login(learnerPage, learner);
  await expect(learnerPage).toHaveURL(/\/user\/dashboard$/);
  await learnerPage.goto('/user/list-schedule');
  await expect(learnerPage.getByRole('row', { name: new RegExp(title) })).toContainText('Changed');
  await learnerContext.close();

  const cancelled = await request.post(`/api/admin-course-schedule/${scheduleId}/cancel`, {
    headers: admin.headers,
  });
  expect(cancelled.status()).toBe(200);
});

test('giving a class to a teacher who teaches then shows the clash, and Schedule anyway saves it', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  test.slow();
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const types = await request.get('/api/admin-courses-list', { headers: admin.headers });
  const courseId = (await types.json()).data[0].id as number;
  const teachers = await request.get('/api/admin-teachers-list', { headers: admin.headers });
  const james = ((await teachers.json()).data as { id: number; name: string }[]).find(
    (teacher) => teacher.name === 'James Patel',
  );
  if (!james) throw new Error('the demo data has no James Patel');
  const suffix = randomUUID().slice(0, 8);
  // Far ahead, at a minute of its own, so no other test's class of his is there.
  const starts = new Date(Date.now() + 150 * DAY);
  starts.setUTCHours(7, Math.floor(Math.random() * 50), 0, 0);
  const schedule = async (title: string, teacherId: number | null) => {
    const created = await request.post('/api/admin-course-schedule', {
      headers: admin.headers,
      data: {
        course_id: courseId,
        // Whatever the day: the demo school's closed days are not this test's subject.
        allow_closed_day: true,
        title,
        no_of_users: 3,
        date: starts.toISOString(),
        teacher_id: teacherId,
      },
    });
    expect(created.status()).toBe(201);
    return (await created.json()).data.id as number;
  };
  const his = await schedule(`Vocabulary ${suffix}`, james.id);
  const clashing = await schedule(`Clash Test ${suffix}`, null);

  await loginAsAdmin();
  await page.goto(`/admin/edit-schedule/${clashing}`);
  await page.getByLabel('Teacher').selectOption({ label: 'James Patel' });
  await page.getByRole('button', { name: 'Save' }).click();
  const clash = page.getByRole('dialog', { name: 'Teacher clash' });
  await expect(clash).toContainText(`James Patel teaches Vocabulary ${suffix} on`);
  await clash.getByRole('button', { name: 'Schedule anyway' }).click();
  await expect(page).toHaveURL(/\/admin\/list-schedule$/);
  const saved = await request.get(`/api/admin-course-schedule/${clashing}`, { headers: admin.headers });
  expect((await saved.json()).data.teacher_name).toBe('James Patel');

  for (const id of [his, clashing]) {
    const cancelled = await request.post(`/api/admin-course-schedule/${id}/cancel`, {
      headers: admin.headers,
    });
    expect(cancelled.status()).toBe(200);
  }
});
