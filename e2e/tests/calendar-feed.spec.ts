import { request as playwrightRequest } from '@playwright/test';
import type { CalendarClass } from '@tokenly/contract/bookings';
import { DEMO, expect, grantCreditsToSignedInLearner, login, seriousAxeViolations, test } from '../fixtures';

// A learner copies their private calendar address from Settings; a calendar app, with
// no session, reads their booking from it; a reset kills the old address. A teacher has the same feed of
// the classes they teach.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('a learner copies the private calendar link, a calendar app reads the booking, and a reset revokes it', async ({
  page,
  context,
  request,
  loginAsLearner,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const learner = await loginAsLearner();
  await grantCreditsToSignedInLearner(page, request, 3);
  const from = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const month = await page.request.get(`/api/calendar-schedules?from=${from}&to=${to}&tz=UTC`);
  const lesson = ((await month.json()) as { data: CalendarClass[] }).data.find(
    (c) => c.bookable && c.number_token <= 3,
  );
  if (!lesson) throw new Error('the demo timetable has no bookable class in the next 30 days');
  const booked = await page.request.post('/api/book-class', {
    headers: XHR,
    data: { schedule_id: lesson.id },
  });
  expect(booked.ok()).toBe(true);

  await page.goto('/user/settings');
  await expect(page.getByRole('heading', { name: 'Calendar subscription' })).toBeVisible();
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar-feed\/[\w-]{43,64}$/);
  const url = await link.inputValue();
  await expect(page.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A calendar app: no cookie, no header, only the address.
  const calendarApp = await playwrightRequest.newContext();
  const feed = await calendarApp.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await feed.text();
  expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(body.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${lesson.title}`);
  expect(body).not.toContain(learner.email);

  await page.getByRole('button', { name: 'Reset link' }).click();
  await page
    .getByRole('dialog', { name: 'Reset your calendar link?' })
    .getByRole('button', { name: 'Reset link' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Your calendar link was reset.' })).toBeVisible();
  await expect(link).not.toHaveValue(url);
  expect((await calendarApp.get(url)).status()).toBe(404);
  expect((await calendarApp.get(await link.inputValue())).status()).toBe(200);
  await calendarApp.dispose();
});

test('a teacher subscribes to the classes they teach, each with the number of learners booked', async ({
  page,
}) => {
  await login(page, DEMO.teacher);
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
  await page.goto('/teacher/settings');
  await expect(page.getByText(/the classes you teach appear there/)).toBeVisible();
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar-feed\/[\w-]{43,64}$/);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const calendarApp = await playwrightRequest.newContext();
  const feed = await calendarApp.get(await link.inputValue());
  expect(feed.status()).toBe(200);
  expect((await feed.text()).replace(/\r\n[ \t]/g, '')).toMatch(/SUMMARY:.+: \d+ of \d+ learners booked/);
  await calendarApp.dispose();
});
