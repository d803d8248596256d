import { randomUUID } from 'node:crypto';
import type { UserBooking } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { adminApi, expect, grantCreditsToSignedInLearner, test } from '../fixtures/index';

// The classroom, end to end: a class created with no link gets a Jitsi room from the rooms job (the
// default provider), and its booked learner sees Join on the dashboard from the release time
// (MEETING_LINK_LEAD_MINUTES, 15) on; Join opens the room through the server.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const LEAD_MS = 15 * 60 * 1000;

test('a class with a Jitsi room shows its Join button to a booked learner at the release time', async ({
  page,
  request,
  context,
  loginAsLearner,
}) => {
  // The class is released twenty seconds after it is made.
  test.slow();
  const admin = await adminApi(request);
  await loginAsLearner();
  await grantCreditsToSignedInLearner(page, request, 2);

  const types = await request.get('/api/admin-courses-list', { headers: admin });
  const courseId = (await types.json()).data[0].id as number;
  const title = `Jitsi class ${randomUUID().slice(0, 8)}`;
  // Released twenty seconds from now (a class starts at any second): the link is first withheld, then
  // shown.
  const startsAt = new Date(Date.now() + LEAD_MS + 20_000);
  const created = await request.post('/api/admin-course-schedule', {
    headers: admin,
    data: {
      course_id: courseId,
      allow_closed_day: true,
      title,
      no_of_users: 3,
      date: startsAt.toISOString(),
      token: 1,
    },
  });
  expect(created.status()).toBe(201);
  const scheduleId = (await created.json()).data.id as number;
  try {
    const booked = await page.request.post('/api/book-class', {
      headers: XHR,
      // Whatever the class type's level: the learner's level is not this test's subject.
      data: { schedule_id: scheduleId, confirm_level: true },
    });
    expect(booked.ok(), await booked.text()).toBe(true);

    await page.goto('/user/dashboard');
    const join = page.getByRole('button', { name: `Join class: ${title}` });
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('From 15 min before');
    await expect(join).toHaveCount(0);
    // Before the release the server refuses the room as well.
    expect((await page.request.post(`/api/class/${scheduleId}/join`, { headers: XHR })).status()).toBe(409);

    // From the release (and once the job has made the room), the learner's bookings carry the room, and
    // the dashboard then shows Join. Asked of the API until then: a reload every time would boot the app.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/${ENDPOINTS.userBookings.path}?when=upcoming`, {
            headers: XHR,
          });
          const { data } = (await answer.json()) as { data: { data: UserBooking[] } };
          return data.data.find((booking) => booking.schedule_id === scheduleId)?.schedule.meeting_link;
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBeTruthy();
    await page.reload();
    await expect(join).toBeVisible();

    // Join opens the room (a stand-in of meet.jit.si: the test needs no network) in a new tab.
    await context.route('https://meet.jit.si/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Jitsi stand-in</title><h1>Room</h1>' }),
    );
    const popup = page.waitForEvent('popup');
    await join.click();
    const room = await popup;
    await room.waitForURL(/^https:\/\/meet\.jit\.si\/tokenly-[0-9a-f]{32}$/);
    await expect(room.getByRole('heading', { name: 'Room' })).toBeVisible();
  } finally {
    const cancelled = await request.post(`/api/admin-course-schedule/${scheduleId}/cancel`, {
      headers: admin,
    });
    expect(cancelled.status()).toBe(200);
  }
});
