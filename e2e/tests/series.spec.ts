import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  DEMO,
  expect,
  login,
  registerLearner,
  seriousAxeViolations,
  signInApi,
  test,
} from '../fixtures/index';

// Weekly series, end to end: an administrator schedules a weekly series from Add Schedule and finds it in the
// Schedule Class List by its filter; a learner books the rest of a series in one step, one class of it
// being full, and is told which was not booked.

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10);

/** Far after the demo timetable, so other tests' calendars stay as seeded; cancelled again at the end. */
async function cancelSeries(
  request: APIRequestContext,
  admin: { headers: Record<string, string> },
  firstId: number,
) {
  const cancelled = await request.post(`/api/admin-course-schedule/${firstId}/cancel-following`, {
    headers: admin.headers,
  });
  expect(cancelled.status()).toBe(200);
}

test('an administrator schedules a weekly series and finds it in the list', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  test.slow();
  await loginAsAdmin();
  const title = `Weekly club ${randomUUID().slice(0, 8)}`;
  await page.goto('/admin/add-schedule');
  await page.getByLabel('Repeat weekly').check();
  await page.getByLabel('Type').selectOption({ index: 1 });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('No of Users').fill('5');
  await page.getByRole('checkbox', { name: 'Monday' }).check();
  await page.getByRole('checkbox', { name: 'Thursday' }).check();
  await page.getByLabel('Start time').fill('18:00');
  await page.getByLabel('First date').fill(isoDay(70));
  await page.getByLabel('Number of weeks').fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/list-schedule$/);

  await page.getByLabel('Series').selectOption({ label: `${title} (18:00)` });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/series_id=\d+/);
  const rows = page.getByRole('row', { name: new RegExp(title) });
  await expect(rows).toHaveCount(6);
  await expect(rows.first().getByText('Weekly series')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const seriesId = Number(new URL(page.url()).searchParams.get('series_id'));
  const listed = await request.get(`/api/admin-course-schedule?series_id=${seriesId}`, {
    headers: admin.headers,
  });
  const firstId = (await listed.json()).data.data[0].id as number;
  await cancelSeries(request, admin, firstId);
});

test('a learner books the rest of a series; the full class is listed as not booked', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const types = await request.get('/api/admin-courses-list', { headers: admin.headers });
  const courseId = (await types.json()).data[0].id as number;
  const title = `Standing seat ${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/admin-class-series', {
    headers: admin.headers,
    data: {
      course_id: courseId,
      title,
      no_of_users: 1,
      token: 1,
      weekdays: [new Date(Date.now() + 80 * DAY).getUTCDay()],
      start_time: '12:00',
      first_date: isoDay(80),
      weeks: 4,
    },
  });
  expect(created.status()).toBe(201);
  const seriesId = (await created.json()).data.id as number;
  const listed = await request.get(`/api/admin-course-schedule?series_id=${seriesId}`, {
    headers: admin.headers,
  });
  const classes = ((await listed.json()).data.data as { id: number; schedule_time: string }[]).sort((a, b) =>
    a.schedule_time.localeCompare(b.schedule_time),
  );
  const [first, second] = classes;
  if (!first || !second) throw new Error('the series has too few classes');

  // Someone else takes the only seat of the second class.
  const other = await registerLearner(request);
  const otherSession = await signInApi(request, other);
  await request.post(`/api/admin-user-credits/${otherSession.id}`, {
    headers: admin.headers,
    data: { delta: 1, reason: 'e2e series' },
  });
  expect(
    (
      await request.post('/api/book-class', {
        headers: otherSession.headers,
        data: { schedule_id: second.id },
      })
    ).status(),
  ).toBe(200);

  const learner = await registerLearner(request);
  const session = await signInApi(request, learner);
  await request.post(`/api/admin-user-credits/${session.id}`, {
    headers: admin.headers,
    data: { delta: 5, reason: 'e2e series' },
  });
  await login(page, learner);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto(`/class/${first.id}`);
  await page.getByRole('button', { name: `Book the rest of the series of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Book the rest of the series' });
  await expect(dialog.getByText('Classes to book')).toBeVisible();
  await expect(dialog.getByText('3 credits', { exact: true })).toBeVisible();
  await expect(dialog.getByText('2 credits', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/: full$/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Book 3 classes' }).click();
  await expect(dialog.getByRole('status')).toHaveText('3 classes booked for 3 credits. 1 class not booked.');
  await expect(dialog.getByText('Not booked:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Each class is a booking of its own in the learner's list.
  const bookings = await request.get('/api/user-course-schedule', { headers: session.headers });
  const mine = (await bookings.json()).data.data as { schedule: { title: string } }[];
  expect(mine.filter((row) => row.schedule.title === title)).toHaveLength(3);

  await cancelSeries(request, admin, first.id);
});
