import { randomUUID } from 'node:crypto';
import { DEMO, expect, registerLearner, signInApi, test } from '../fixtures/index';

// A closed day that hits a booked class: the administrator adds it in Settings, sees the class and its
// booking first, and cancels it; the learner's credit comes back. Its day is months away, so no other
// spec's classes are on it.

const DAY = 24 * 60 * 60 * 1000;

test('an administrator closes a day with a booked class and cancels it, refunding the learner', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  test.slow();
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const types = await request.get('/api/admin-courses-list', { headers: admin.headers });
  const courseId = (await types.json()).data[0].id as number;
  // Noon UTC: on that day in the school's zone (UTC in the demo). Past the demo school's own closed days
  // (25 and 26 December, 1 January), whatever today's date.
  const closed = await request.get('/api/admin-closed-days', { headers: admin.headers });
  const taken = new Set(((await closed.json()).data as { day: string }[]).map(({ day }) => day));
  let at = Date.now() + 200 * DAY;
  while (taken.has(new Date(at).toISOString().slice(0, 10))) at += DAY;
  const day = new Date(at).toISOString().slice(0, 10);
  const title = `Holiday Lab ${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/admin-course-schedule', {
    headers: admin.headers,
    data: { course_id: courseId, title, no_of_users: 4, token: 1, date: `${day}T12:00:00Z` },
  });
  expect(created.status()).toBe(201);
  const classId = (await created.json()).data.id as number;

  const learner = await signInApi(request, await registerLearner(request));
  const granted = await request.post(`/api/admin-user-credits/${learner.id}`, {
    headers: admin.headers,
    data: { delta: 1, reason: 'e2e closed day' },
  });
  expect(granted.status()).toBe(200);
  const booked = await request.post('/api/book-class', {
    headers: learner.headers,
    data: { schedule_id: classId },
  });
  expect(booked.status()).toBe(200);

  await loginAsAdmin();
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Add a closed day' });
  await form.getByLabel('Date').fill(day);
  await form.getByLabel('Name').fill('Founders Day');
  await form.getByRole('button', { name: 'Add closed day' }).click();

  const hit = page.getByRole('dialog', { name: /^1 class on / });
  await expect(hit).toContainText('1 learner booked.');
  await expect(hit).toContainText(`${title},`);
  await hit.getByRole('button', { name: 'Close the day and cancel them' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText(
    'Closed day saved. 1 class cancelled, 1 booking refunded.',
  );
  await expect(page.getByRole('button', { name: /^Remove closed day .*\(Founders Day\)$/ })).toBeVisible();

  const schedule = await request.get(`/api/admin-course-schedule/${classId}`, { headers: admin.headers });
  expect((await schedule.json()).data.status).toBe('cancelled');
  const credits = await request.get('/api/get-user-token', { headers: learner.headers });
  expect((await credits.json()).data).toBe(1);
});
