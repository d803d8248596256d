import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminLogin,
  DEMO,
  expect,
  grantCreditsToSignedInLearner,
  type Learner,
  login,
  newLearner,
  registerLearner,
  seriousAxeViolations,
  signInApi,
  signUp,
  test,
} from '../fixtures/index';

// The waitlist, end to end: two learners fill a 2-seat class, a third joins its waitlist from the calendar
// and is booked automatically when one of them cancels; her balance and lists follow.

const DAY = 24 * 60 * 60 * 1000;

/** A learner with credits from the demo administrator, signed in through the API. */
async function learnerWithCredits(request: APIRequestContext, admin: { headers: object }, credits: number) {
  const learner = await registerLearner(request);
  const session = await signInApi(request, learner);
  const grant = await request.post(`/api/admin-user-credits/${session.id}`, {
    headers: admin.headers as Record<string, string>,
    data: { delta: credits, reason: 'e2e waitlist' },
  });
  expect(grant.status()).toBe(200);
  return { learner, ...session };
}

/**
 * Opens the home calendar's day overlay of the class, turning months until it shows, and returns the
 * class's own card: the day can hold other classes (the demo series runs on past the four weeks of the
 * demo timetable, so on some dates a series class shares the day and offers Book Now).
 */
async function openClassOnCalendar(page: Page, title: string) {
  let feed = page.waitForResponse(/calendar-schedules/);
  await page.goto('/');
  // The calendar loads when scrolled near (a deferred section): scroll to its heading until it is drawn.
  await expect(async () => {
    await page.getByRole('heading', { name: 'Book a class', exact: true }).scrollIntoViewIfNeeded();
    await expect(page.locator('#calendar').getByRole('table')).toBeVisible({ timeout: 1000 });
  }).toPass();
  // Each month's feed says whether the class is on it: the calendar may not have drawn it yet when the
  // answer arrives, so looking for its button then would turn past the month that holds it.
  for (let turns = 0; !(await (await feed).text()).includes(title); turns += 1) {
    if (turns === 3) throw new Error(`${title} is not on the calendar's next three months`);
    feed = page.waitForResponse(/calendar-schedules/);
    await page.getByRole('button', { name: 'Next ›' }).click();
  }
  await page.locator('#calendar').getByRole('button', { name: title }).click();
  const day = page.getByRole('dialog', { name: /Classes on/ });
  await expect(day).toBeVisible();
  return day.locator('.mantine-Card-root').filter({ hasText: title });
}

/**
 * A class of two seats, both booked by learners made for it, `daysAhead` days ahead: after the demo
 * timetable (four weeks), though a class of the demo series may share its day.
 */
async function fullClass(
  request: APIRequestContext,
  admin: { headers: Record<string, string> },
  daysAhead: number,
) {
  const types = await request.get('/api/admin-courses-list', { headers: admin.headers });
  const courseId = (await types.json()).data[0].id as number;
  const title = `Waitlist class ${randomUUID().slice(0, 8)}`;
  const startsAt = new Date(Date.now() + daysAhead * DAY);
  startsAt.setUTCHours(10, 0, 0, 0);
  const created = await request.post('/api/admin-course-schedule', {
    headers: admin.headers,
    data: {
      course_id: courseId,
      // Whatever the day: the demo school's closed days are not this test's subject.
      allow_closed_day: true,
      title,
      no_of_users: 2,
      date: startsAt.toISOString(),
      token: 1,
    },
  });
  expect(created.status()).toBe(201);
  const scheduleId = (await created.json()).data.id as number;
  const bookings: { headers: Record<string, string>; bookingId: number }[] = [];
  for (let seat = 0; seat < 2; seat += 1) {
    const learner = await learnerWithCredits(request, admin, 2);
    const booked = await request.post('/api/book-class', {
      headers: learner.headers,
      data: { schedule_id: scheduleId },
    });
    expect(booked.status()).toBe(200);
    bookings.push({ headers: learner.headers, bookingId: (await booked.json()).data.id as number });
  }
  return { title, scheduleId, bookings };
}

/** The class goes away again, so the public calendar of other tests stays as seeded. */
async function cancelClass(
  request: APIRequestContext,
  admin: { headers: Record<string, string> },
  id: number,
) {
  const cancelled = await request.post(`/api/admin-course-schedule/${id}/cancel`, { headers: admin.headers });
  expect(cancelled.status()).toBe(200);
}

test('a third learner joins the waitlist of a full class and is booked when a seat frees', async ({
  page,
  request,
  browser,
}) => {
  // Set-up through the API, then a calendar, two lists, a dashboard and an admin page with axe audits.
  test.slow();
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const { title, scheduleId, bookings } = await fullClass(request, admin, 33);
  const [first] = bookings;
  if (!first) throw new Error('no booking');

  // The third learner, in the browser.
  const third: Learner = await registerLearner(request);
  const thirdSession = await signInApi(request, third);
  await request.post(`/api/admin-user-credits/${thirdSession.id}`, {
    headers: admin.headers,
    data: { delta: 3, reason: 'e2e waitlist' },
  });
  await login(page, third);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  let card = await openClassOnCalendar(page, title);
  await expect(card.getByText('Full', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await card.getByRole('button', { name: `Join waitlist of ${title}` }).click();
  // The learner stays on the calendar, with a way to their bookings and waitlist places.
  const joined = page.getByRole('dialog', { name: 'Success' });
  await expect(joined.getByText('You joined the waitlist: #1 on the waitlist.')).toBeVisible();
  await joined.getByRole('button', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/user\/list-schedule$/);
  await expect(page.getByRole('heading', { name: 'Waitlist' })).toBeVisible();
  await expect(page.getByText('#1 on the waitlist', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Leave waitlist of ${title}` })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The overlay now shows the place in line instead of an offer to join.
  card = await openClassOnCalendar(page, title);
  await expect(card.getByText('#1 on the waitlist', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Leave waitlist of ${title}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // The administrator sees her in line on the class's edit page.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminLogin(adminPage);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto(`/admin/edit-schedule/${scheduleId}`);
  await expect(adminPage.getByRole('heading', { name: 'Waitlist' })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: new RegExp(third.name) })).toBeVisible();
  await expect(
    adminPage.getByRole('button', { name: `Remove ${third.name} from the waitlist` }),
  ).toBeVisible();
  expect(await seriousAxeViolations(adminPage)).toEqual([]);
  await adminContext.close();

  // A seat frees: the first learner cancels, and the third is booked in the same request.
  const cancelled = await request.post(`/api/cancel-booking/${first.bookingId}`, { headers: first.headers });
  expect(cancelled.status()).toBe(200);

  await page.goto('/user/list-schedule');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  await expect(page.getByText('#1 on the waitlist', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Waitlist' })).toHaveCount(0);
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('token-balance')).toHaveText('2');

  await cancelClass(request, admin, scheduleId);
});

test("a visitor's Join waitlist takes the sign-up detour and is offered again after it", async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await signInApi(request, DEMO.admin, 'admin-login');
  const { title, scheduleId } = await fullClass(request, admin, 34);
  const card = await openClassOnCalendar(page, title);
  await card.getByRole('button', { name: `Join waitlist of ${title}` }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await signUp(page, newLearner());
  await expect(page.getByText(/You were joining the waitlist of/)).toBeVisible();
  await grantCreditsToSignedInLearner(page, request, 1);
  await page.goto('/user/dashboard');
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  const joined = page.getByRole('dialog', { name: 'Success' });
  await expect(joined.getByText('You joined the waitlist: #1 on the waitlist.')).toBeVisible();
  await joined.getByRole('button', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/user\/list-schedule$/);
  await expect(page.getByText('#1 on the waitlist', { exact: true })).toBeVisible();
  await cancelClass(request, admin, scheduleId);
});
