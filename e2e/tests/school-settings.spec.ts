import { randomUUID } from 'node:crypto';
import type { SchoolSettings } from '@tokenly/contract/school-settings';
import { DEMO, expect, login, registerLearner, signInApi, test } from '../fixtures';

// An admin changes the free-cancellation window in Settings, and the learner's
// booking list follows on its next load, with no restart. The settings are the whole school's, so this
// spec runs alone, after every other one (the `school settings` project of playwright.config.ts).

const HOUR = 60 * 60 * 1000;

test('an admin widens the cancellation window and the learner can no longer cancel a booking inside it', async ({
  page,
  browser,
  request,
  loginAsAdmin,
}) => {
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const before = (
    (await (await request.get('/api/admin-school-settings', { headers: admin.headers })).json()) as {
      data: SchoolSettings;
    }
  ).data;
  // The e2e server starts with a 1-hour window; a class in 5 hours is outside it, and inside 6 hours.
  expect(before.cancel_window_hours).toBe(1);
  const types = await request.get('/api/admin-courses-list', { headers: admin.headers });
  const courseId = ((await types.json()) as { data: { id: number }[] }).data[0]?.id;
  const title = `Window ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/admin-course-schedule', {
    headers: admin.headers,
    data: {
      course_id: courseId,
      // Whatever the day: the demo school's closed days are not this test's subject.
      allow_closed_day: true,
      title,
      no_of_users: 4,
      token: 1,
      date: new Date(Date.now() + 5 * HOUR).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const scheduleId = ((await created.json()) as { data: { id: number } }).data.id;

  const learner = await registerLearner(request);
  const session = await signInApi(request, learner, 'login');
  expect(
    (
      await request.post(`/api/admin-user-credits/${session.id}`, {
        headers: admin.headers,
        data: { delta: 1, reason: 'e2e school settings' },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post('/api/book-class', { headers: session.headers, data: { schedule_id: scheduleId } })
    ).status(),
  ).toBe(200);

  const learnerContext = await browser.newContext();
  try {
    const learnerPage = await learnerContext.newPage();
    await login(learnerPage, learner);
    await expect(learnerPage).toHaveURL(/\/user\/dashboard$/);
    await learnerPage.goto('/user/list-schedule');
    const row = learnerPage.getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(row.getByText(/^Free cancellation until /)).toBeVisible();

    await loginAsAdmin();
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'School settings' });
    const windowField = form.getByLabel('Free cancellation window (hours)');
    await expect(windowField).toHaveValue('1');
    await windowField.fill('6');
    await form.getByRole('button', { name: 'Save school settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(form.getByLabel('Free cancellation window (hours)')).toHaveValue('6');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: 'Free cancellation window (hours)' })
        .filter({ hasText: '1 → 6' }),
    ).toBeVisible();

    // Out of range: the field says why (the contract's own message), and nothing is sent.
    await form.getByLabel('Free cancellation window (hours)').fill('721');
    await form.getByRole('button', { name: 'Save school settings' }).click();
    await expect(
      form.getByText('The cancellation window must be a whole number from 0 to 720.'),
    ).toBeVisible();

    // Inside the new window: still cancellable (a late cancel), no longer for free. Under the new
    // window the booking was made inside it, so no end of free cancellation before it is named.
    await learnerPage.reload();
    await expect(row.getByText('No free cancellation: booked within 6 hours of the start')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  } finally {
    await learnerContext.close();
    // Back to the server's first values, so a rerun against the same server starts as this one did.
    await request.put('/api/admin-school-settings', {
      headers: admin.headers,
      data: { ...before, updated_at: undefined },
    });
  }
});
