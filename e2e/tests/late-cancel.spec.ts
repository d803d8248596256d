import { randomUUID } from 'node:crypto';
import {
  adminApi,
  adminLogin,
  expect,
  grantCreditsToSignedInLearner,
  seriousAxeViolations,
  test,
} from '../fixtures/index';

// Late cancels, end to end: a learner cancels from the timetable a class inside the
// free-cancellation window (CANCEL_WINDOW_HOURS is 1 in this suite), is told first that the credits will
// not come back, and the seat is freed; an administrator gives the credits back from the student page.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Monday of the week holding `date`, as the timetable's `week` parameter (the browser's own zone). */
function weekOf(date: Date): string {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));
  return `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, '0')}-${String(monday.getDate()).padStart(2, '0')}`;
}

test('a learner late-cancels from the timetable after the warning; an administrator gives the credits back', async ({
  page,
  request,
  browser,
  loginAsLearner,
}) => {
  test.slow();
  const admin = await adminApi(request);
  const learner = await loginAsLearner();
  await grantCreditsToSignedInLearner(page, request, 5);
  const userId = (await (await page.request.get('/api/user-details')).json()).data.id as number;

  // A two-credit class 40 minutes from now: inside the window. It is the timetable's first class while
  // it lives (the demo classes start tomorrow), so it is cancelled again as soon as the learner is done.
  const types = await request.get('/api/admin-courses-list', { headers: admin });
  const courseId = (await types.json()).data[0].id as number;
  const title = `Late class ${randomUUID().slice(0, 8)}`;
  const startsAt = new Date(Date.now() + 40 * 60 * 1000);
  const created = await request.post('/api/admin-course-schedule', {
    headers: admin,
    data: {
      course_id: courseId,
      // Whatever the day: the demo school's closed days are not this test's subject.
      allow_closed_day: true,
      title,
      no_of_users: 3,
      date: startsAt.toISOString(),
      token: 2,
    },
  });
  expect(created.status()).toBe(201);
  const scheduleId = (await created.json()).data.id as number;
  try {
    const booked = await page.request.post('/api/book-class', {
      headers: XHR,
      data: { schedule_id: scheduleId },
    });
    expect(booked.ok()).toBe(true);

    await page.goto(`/timetable?week=${weekOf(startsAt)}`);
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByRole('button', { name: 'Booked' })).toBeDisabled();
    await row.getByRole('button', { name: `Cancel booking of ${title}` }).click();

    const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
    // Booked 40 minutes ahead, it never had free cancellation: no "ended" date before it was booked.
    await expect(confirm).toContainText(
      'No free cancellation: booked within 1 hour of the start. You will not get your 2 credits back.',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel and lose 2 credits' }).click();
    await expect(page.getByRole('dialog', { name: 'Success' })).toContainText(
      'Booking cancelled late: your 2 credits were not returned.',
    );

    // The seat is free again (Book Now), and the balance is what it was after booking.
    await expect(row.getByRole('button', { name: 'Book Now' })).toBeEnabled();
    const klass = await (await page.request.get(`/api/calendar-class/${scheduleId}`)).json();
    expect(klass.data.seats_left).toBe(3);
    expect((await (await page.request.get('/api/get-user-token')).json()).data).toBe(3);
  } finally {
    const cancelled = await request.post(`/api/admin-course-schedule/${scheduleId}/cancel`, {
      headers: admin,
    });
    expect(cancelled.status()).toBe(200);
  }

  await page.goto('/user/dashboard');
  await expect(page.getByTestId('attendance-counts')).toHaveText('0 attended · 0 no-show · 1 late cancel');
  await expect(page.getByTestId('token-balance')).toHaveText('3');

  // The administrator, in a browser of their own.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await adminLogin(adminPage);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto(`/admin/student/${userId}`);
  await expect(adminPage.getByText(learner.email)).toBeVisible();
  await expect(adminPage.getByTestId('late-cancel-count')).toHaveText('1');
  await adminPage.getByRole('button', { name: `Give credits back for ${title}` }).click();
  const waive = adminPage.getByRole('dialog', { name: 'Give the credits back?' });
  await waive.getByLabel('Reason').fill('The learner was ill');
  expect(await seriousAxeViolations(adminPage)).toEqual([]);
  await waive.getByRole('button', { name: 'Give 2 credits back' }).click();
  await expect(adminPage.getByRole('dialog', { name: 'Success' })).toContainText(
    '2 credits given back. New balance: 5.',
  );
  await expect(adminPage.getByText(/^Given back by Demo Admin, /)).toBeVisible();
  await expect(adminPage.getByRole('button', { name: `Give credits back for ${title}` })).toHaveCount(0);
  await expect(adminPage.getByTestId('credit-balance')).toHaveText('5');
  await context.close();

  expect((await (await page.request.get('/api/get-user-token')).json()).data).toBe(5);
});
