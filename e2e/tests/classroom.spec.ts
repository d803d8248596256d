import { randomUUID } from 'node:crypto';
import type { UserBooking } from '@tokenly/contract/bookings';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { adminApi, expect, grantCreditsToSignedInLearner, test } from '../fixtures/index';

// The classroom, end to end: classes created with no link get a Jitsi room from the rooms job (the
// default provider); their booked learner sees Join on the dashboard from the release time
// (MEETING_LINK_LEAD_MINUTES, 15) on, and Join opens the room through the server. The release instant
// itself is held by the server's tests on a test clock (classroom.test.ts): here one class is already
// released and one is not, so nothing waits on the wall clock.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const MINUTE = 60 * 1000;
const LEAD_MS = 15 * MINUTE;

test('a booked learner sees Join for a released class, opening its Jitsi room, and not for one still ahead', async ({
  page,
  request,
  context,
  loginAsLearner,
}) => {
  // The rooms job may take up to its two-minute poll below to make the room.
  test.slow();
  const admin = await adminApi(request);
  await loginAsLearner();
  await grantCreditsToSignedInLearner(page, request, 2);

  const types = await request.get('/api/admin-courses-list', { headers: admin });
  const courseId = (await types.json()).data[0].id as number;
  const tag = randomUUID().slice(0, 8);
  // Every class made, so the test cancels each whatever fails: a class left would lead the timetable.
  const made: number[] = [];
  const scheduleAndBook = async (title: string, startsAt: Date) => {
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
    made.push(scheduleId);
    const booked = await page.request.post('/api/book-class', {
      headers: XHR,
      // Whatever the class type's level: the learner's level is not this test's subject.
      data: { schedule_id: scheduleId, confirm_level: true },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
    return scheduleId;
  };
  const soonTitle = `Jitsi class soon ${tag}`;
  const laterTitle = `Jitsi class later ${tag}`;
  try {
    // Released five minutes ago; released in half an hour.
    const soon = await scheduleAndBook(soonTitle, new Date(Date.now() + LEAD_MS - 5 * MINUTE));
    const later = await scheduleAndBook(laterTitle, new Date(Date.now() + LEAD_MS + 30 * MINUTE));
    // Once the job has made the released class's room, the learner's bookings carry it. Asked of the API
    // until then: a reload every time would boot the app.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/${ENDPOINTS.userBookings.path}?when=upcoming`, {
            headers: XHR,
          });
          const { data } = (await answer.json()) as { data: { data: UserBooking[] } };
          return data.data.find((booking) => booking.schedule_id === soon)?.schedule.meeting_link;
        },
        { timeout: 120_000, intervals: [500] },
      )
      .toBeTruthy();

    await page.goto('/user/dashboard');
    const laterRow = page.getByRole('row').filter({ hasText: laterTitle });
    await expect(laterRow).toContainText('From 15 min before');
    await expect(page.getByRole('button', { name: `Join class: ${laterTitle}` })).toHaveCount(0);
    // Before the release the server refuses the room as well.
    expect((await page.request.post(`/api/class/${later}/join`, { headers: XHR })).status()).toBe(409);

    // Join opens the room (a stand-in of meet.jit.si: the test needs no network) in a new tab.
    await context.route('https://meet.jit.si/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Jitsi stand-in</title><h1>Room</h1>' }),
    );
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: `Join class: ${soonTitle}` }).click();
    const room = await popup;
    await room.waitForURL(/^https:\/\/meet\.jit\.si\/tokenly-[0-9a-f]{32}$/);
    await expect(room.getByRole('heading', { name: 'Room' })).toBeVisible();
  } finally {
    const cancelled = [];
    for (const scheduleId of made) {
      const answer = await request.post(`/api/admin-course-schedule/${scheduleId}/cancel`, {
        headers: admin,
      });
      cancelled.push(answer.status());
    }
    expect(cancelled).toEqual(made.map(() => 200));
  }
});
