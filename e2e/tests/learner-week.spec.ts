import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CalendarClass } from '@tokenly/contract/bookings';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import {
  adminApi,
  buyPackage,
  expect,
  firstCalendarClass,
  grantCreditsToSignedInLearner,
  newLearner,
  revealDeferredSections,
  seriousAxeViolations,
  signUp,
  test,
} from '../fixtures';

// The learner's week: credits lot by lot, payments with receipts, booking knowingly.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PHONE = { width: 360, height: 740 };

/** The token packages on sale (not the memberships), in the catalogue's order. */
async function packages(page: Page): Promise<TokenPlan[]> {
  const response = await page.request.get('/api/get-membership-token');
  const plans = ((await response.json()) as { data: TokenPlan[] }).data;
  return plans.filter((plan) => plan.kind === 'package');
}

/** The first class of the public timetable a learner can book (the demo timetable starts tomorrow). */
async function bookableClass(page: Page): Promise<CalendarClass> {
  const from = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const response = await page.request.get(`/api/calendar-schedules?from=${from}&to=${to}&tz=UTC`);
  const classes = ((await response.json()) as { data: CalendarClass[] }).data;
  const found = classes.find((schedule) => schedule.number_token === 1 && schedule.bookable);
  if (!found) throw new Error('the demo timetable has no one-credit class in the next 30 days');
  return found;
}

test.describe('my credits', () => {
  test('two purchases, a booking and a refund: each lot and each movement, on a desktop and a phone', async ({
    page,
    request,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    const [first, second] = await packages(page);
    if (!first || !second) throw new Error('the demo catalogue has fewer than two packages');
    await buyPackage(page, first);
    await buyPackage(page, second);
    await grantCreditsToSignedInLearner(page, request, 2);
    const lesson = await bookableClass(page);
    const booked = await page.request.post('/api/book-class', {
      headers: XHR,
      data: { schedule_id: lesson.id },
    });
    expect(booked.ok()).toBe(true);
    const bookingId = (await booked.json()).data.id as number;
    expect((await page.request.post(`/api/cancel-booking/${bookingId}`, { headers: XHR })).ok()).toBe(true);

    await page.goto('/user/dashboard');
    await page.getByRole('link', { name: 'See my credits' }).click();
    await expect(page).toHaveURL(/\/user\/list-token$/);
    await expect(page.getByRole('heading', { name: 'My credits', level: 1 })).toBeVisible();
    const total = first.token_credit + second.token_credit + 2;
    await expect(page.getByTestId('credits-balance')).toHaveText(String(total));

    const lots = page.getByRole('region', { name: 'Credit lots' });
    await expect(lots.getByRole('row')).toHaveCount(4);
    await expect(lots.getByRole('row', { name: `Package: ${first.token_title}` })).toContainText(
      `${first.token_expiry} days`,
    );
    await expect(lots.getByRole('row', { name: `Package: ${second.token_title}` })).toBeVisible();
    await expect(lots.getByRole('row', { name: 'Granted by the school' })).toBeVisible();

    const history = page.getByRole('region', { name: 'Credit history' });
    await expect(history.getByRole('row')).toHaveCount(6);
    await expect(history.getByRole('row').nth(1)).toContainText(`Refunded: ${lesson.title}`);
    await expect(history.getByRole('row').nth(2)).toContainText(`Booked: ${lesson.title}`);
    await expect(history.getByRole('row').nth(3)).toContainText('Adjusted by the school');
    // The school's own reason for the grant stays the school's.
    await expect(history.getByRole('row').nth(3)).not.toContainText('e2e grant');
    await expect(history.getByRole('row').nth(5)).toContainText(`Purchase: ${first.token_title}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Credit lots' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Credit history' }).getByRole('listitem')).toHaveCount(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('my payments', () => {
  test('a payment has a readable reference and a receipt that prints alone', async ({
    page,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    const [plan] = await packages(page);
    if (!plan) throw new Error('the demo catalogue has no package');
    await buyPackage(page, plan);

    await page.goto('/user/payment-list');
    const row = page.getByRole('row').filter({ hasText: plan.token_title });
    await expect(row).toContainText('(VAT included)');
    const reference = (await row.getByRole('cell').nth(2).textContent()) ?? '';
    expect(reference).toMatch(/^TE-\d{6}$/);
    await row.getByRole('link', { name: `Receipt ${reference}` }).click();
    await expect(page).toHaveURL(/\/user\/payment-list\/\d+\/receipt$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt ${reference}`);
    await expect(page.getByRole('main').getByText('Tokenly English', { exact: true })).toBeVisible();
    for (const [term, value] of [
      ['Plan', plan.token_title],
      ['Amount', `$${plan.amount} (VAT included)`],
      ['Tokens', String(plan.token_credit)],
      ['Status', 'Paid'],
    ]) {
      await expect(
        page
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${term}$`) })
          .locator('+ dd'),
      ).toHaveText(value ?? '');
    }
    await expect(page.getByRole('term').filter({ hasText: 'Tokens expire' }).locator('+ dd')).toHaveText(
      /^\d{1,2} \w+ \d{4}$/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Printed, the receipt stands alone: no sidebar, no top bar, no buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Learner navigation' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  });
});

/** Schedules a class at `startsAt` through the admin API; returns its id and title. */
async function scheduleClass(request: APIRequestContext, startsAt: Date, title: string) {
  const headers = await adminApi(request);
  const types = await request.get('/api/admin-courses-list', { headers });
  const courseId = ((await types.json()) as { data: { id: number }[] }).data[0]?.id;
  const created = await request.post('/api/admin-course-schedule', {
    headers,
    data: {
      course_id: courseId,
      // Whatever the day: the demo school's closed days are not this test's subject.
      allow_closed_day: true,
      title,
      no_of_users: 8,
      token: 1,
      date: startsAt.toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { data: { id: number } }).data.id, title };
}

test('a day with more classes than fit shows "+ more" as a button, and the calendar stays accessible', async ({
  page,
  request,
}) => {
  // Three classes two days ahead: a month cell shows two, and a link for the rest.
  const day = new Date();
  day.setDate(day.getDate() + 2);
  for (const hour of [9, 11, 13]) {
    await scheduleClass(
      request,
      new Date(day.setHours(hour, 0, 0, 0)),
      `Busy day ${randomUUID().slice(0, 6)}`,
    );
  }
  await page.goto('/');
  await revealDeferredSections(page);
  if (day.getMonth() !== new Date().getMonth()) await page.getByRole('button', { name: 'Next ›' }).click();
  const more = page
    .locator('#calendar')
    .getByRole('button', { name: /^\+\d+ more$/ })
    .first();
  await expect(more).toHaveAttribute('aria-haspopup', 'dialog');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test.describe('book knowingly', () => {
  test('Book Now confirms the cost, the balance after and the credits used; the class then shows Booked', async ({
    page,
    request,
    loginAsLearner,
  }) => {
    await loginAsLearner();
    await grantCreditsToSignedInLearner(page, request, 3);
    const feed = page.waitForResponse(/calendar-schedules/);
    await page.goto('/');
    await revealDeferredSections(page);
    await firstCalendarClass(page, feed, () => page.getByRole('button', { name: 'Next ›' }).click());
    // Not a class another test scheduled to start within the hour: this one expects the free window.
    await page
      .locator('#calendar [data-upcoming="true"]')
      .filter({ hasNotText: 'Last-minute' })
      .first()
      .click();
    const day = page.getByRole('dialog', { name: /Classes on/ });
    const title =
      (await day
        .locator('.mantine-Card-root')
        .filter({ has: page.getByRole('button', { name: 'Book Now' }), hasNotText: 'Last-minute' })
        .first()
        .locator('p')
        .nth(1)
        .textContent()) ?? '';
    // Held by its title from here: a class another test schedules meanwhile can become the day's first.
    const card = day.locator('.mantine-Card-root').filter({ hasText: title }).first();
    const cost = Number(((await card.getByText(/credits?$/).textContent()) ?? '').split(' ')[0]);
    await card.getByRole('button', { name: 'Book Now' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
    await expect(confirm.getByText(title, { exact: true })).toBeVisible();
    await expect(confirm.getByTestId('balance-after')).toHaveText(
      `${3 - cost} ${3 - cost === 1 ? 'credit' : 'credits'}`,
    );
    await expect(confirm.getByText(/^\d+ credits? expiring on \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await expect(confirm.getByText(/^Free cancellation until /)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Confirm booking' }).click();
    const done = page.getByRole('dialog', { name: 'Success' });
    await expect(done.getByText('Booking is successfull.')).toBeVisible();
    await expect(done.getByRole('button', { name: 'See my bookings' })).toBeVisible();

    // Still on the calendar's day: the class the learner now holds shows Booked, never Book Now.
    await expect(page).toHaveURL(/\/$/);
    await done.getByRole('button', { name: 'Close' }).click();
    const held = day.locator('.mantine-Card-root').filter({ hasText: title });
    await expect(held.getByRole('button', { name: 'Booked' })).toBeDisabled();
  });

  test('a class inside the free-cancellation window is booked with a plain warning', async ({
    page,
    request,
    loginAsLearner,
  }) => {
    // The e2e server's window is 1 hour (playwright.config.ts): a class in 30 minutes is inside it.
    const soon = await scheduleClass(
      request,
      new Date(Date.now() + 30 * 60_000),
      `Last-minute ${randomUUID().slice(0, 6)}`,
    );
    await loginAsLearner();
    await grantCreditsToSignedInLearner(page, request, 1);
    // The way a learner comes back to an interrupted booking: the intent kept in the browser.
    await page.evaluate((intent) => localStorage.setItem('tokenly.pendingBooking', JSON.stringify(intent)), {
      schedule_id: soon.id,
      title: soon.title,
      starts_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    await page.goto('/user/dashboard');
    await page.getByRole('button', { name: 'Book now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
    await expect(confirm.getByRole('alert').filter({ hasText: 'No free cancellation' })).toContainText(
      'This class starts within 1 hour. Once booked, cancelling it frees the seat but its credits will not come back.',
    );
    await expect(confirm.getByTestId('balance-after')).toHaveText('0 credits');
    await confirm.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('Booking is successfull.')).toBeVisible();

    // Asked again (a second tab, a stale page), the server's reason is the real one.
    await page.evaluate((intent) => localStorage.setItem('tokenly.pendingBooking', JSON.stringify(intent)), {
      schedule_id: soon.id,
      title: soon.title,
      starts_at: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    await page.goto('/user/dashboard');
    await page.getByRole('button', { name: 'Book now' }).click();
    await expect(confirm.getByText('You have already booked this class.', { exact: false })).toBeVisible();
  });
});

test("the home banner's card lists the timetable's real next classes, with seats left", async ({ page }) => {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const response = await page.request.get(`/api/calendar-schedules?from=${day(0)}&to=${day(14)}&tz=${tz}`);
  const upcoming = ((await response.json()) as { data: CalendarClass[] }).data.filter(
    (c) => Date.parse(c.starts_at) > Date.now(),
  );
  const first = upcoming[0];
  if (!first) throw new Error('the demo timetable has no class in the next two weeks');
  const today = upcoming.some((c) => c.starts_at.slice(0, 10) === day(0));

  await page.goto('/');
  const card = page.getByRole('region', { name: today ? 'Today’s classes' : 'Next classes' });
  const items = card.getByRole('listitem');
  await expect(items.first()).toContainText(first.title ?? 'No Class');
  // Its seats as the page read them: other tests running alongside may book this class meanwhile.
  await expect(items.first()).toContainText(/\d+ seats? left|Full/);
  expect(await items.count()).toBeLessThanOrEqual(3);
});

test.describe('timetable', () => {
  test('filters a week by class type and time of day in a shareable URL; Book takes a visitor to sign-up', async ({
    page,
    browser,
  }) => {
    // The demo timetable starts tomorrow: open the week that holds tomorrow.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const monday = new Date(
      tomorrow.getFullYear(),
      tomorrow.getMonth(),
      tomorrow.getDate() - ((tomorrow.getDay() + 6) % 7),
    );
    const week = `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, '0')}-${String(monday.getDate()).padStart(2, '0')}`;
    await page.goto(`/timetable?week=${week}`);
    await expect(page.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible();
    // The type and time of day most of the week's classes share, so the filtered view is never empty, even
    // if another test cancels a class of its own meanwhile. A row reads "09:00 UTC to 09:50 UTC", its
    // title, then "Core Flex · A2–B2 · with …".
    const hourOf = async (row: Locator) =>
      Number(((await row.locator('p').first().textContent()) ?? '').slice(0, 2));
    const bounds = (hour: number) =>
      hour < 12
        ? (['morning', 12, 0] as const)
        : hour < 17
          ? (['afternoon', 17, 12] as const)
          : (['evening', 24, 17] as const);
    await expect(page.getByRole('listitem').first()).toBeVisible();
    const classes = await page
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent ?? '')),
      );
    const pairs = new Map<string, { type: string; hour: number; count: number }>();
    for (const [times = '', summary = ''] of classes) {
      const type = summary.split(' · ')[0] ?? '';
      const hour = Number(times.slice(0, 2));
      const key = `${type} ${bounds(hour)[0]}`;
      pairs.set(key, { type, hour, count: (pairs.get(key)?.count ?? 0) + 1 });
    }
    const commonest = [...pairs.values()].sort((a, b) => b.count - a.count)[0];
    const chosen = commonest?.type ?? '';
    const [time, below, from] = bounds(commonest?.hour ?? 0);
    // Both filters in one go, before the page has drawn the first, as a quick hand on a slow phone sets
    // them: the second keeps the first.
    const type = page.getByLabel('Class type');
    const typeId = await type.getByRole('option', { name: chosen, exact: true }).getAttribute('value');
    const choices: [label: string, value: string][] = [
      ['Class type', typeId ?? ''],
      ['Time of day', String(time)],
    ];
    await page.evaluate((choices) => {
      for (const [label, value] of choices) {
        const select = Array.from(document.querySelectorAll('select')).find(
          (found) => found.labels?.[0]?.textContent === label,
        );
        if (!select) throw new Error(`no ${label} menu`);
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }, choices);
    await expect(page).toHaveURL(new RegExp(`type=\\d+.*time=${time}`));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The same URL elsewhere shows the same view, and only what the filters let through.
    const shared = await browser.newPage();
    await shared.goto(page.url());
    await expect(shared.getByLabel('Class type')).toHaveValue(await type.inputValue());
    await expect(shared.getByLabel('Time of day')).toHaveValue(String(time));
    const rows = shared.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      await expect(row).toContainText(chosen);
      const start = await hourOf(row);
      expect(start).toBeGreaterThanOrEqual(Number(from));
      expect(start).toBeLessThan(Number(below));
    }
    await shared.close();

    await page.getByLabel('Time of day').selectOption('');
    await page
      .getByRole('button', { name: /^Book / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('on a phone the week is a list that fits 360 px, and a held class shows Booked', async ({
    page,
    request,
    loginAsLearner,
  }) => {
    await page.setViewportSize(PHONE);
    await loginAsLearner();
    await grantCreditsToSignedInLearner(page, request, 3);
    const lesson = await bookableClass(page);
    expect(
      (await page.request.post('/api/book-class', { headers: XHR, data: { schedule_id: lesson.id } })).ok(),
    ).toBe(true);
    const start = new Date(lesson.starts_at);
    const monday = new Date(
      start.getFullYear(),
      start.getMonth(),
      start.getDate() - ((start.getDay() + 6) % 7),
    );
    const week = `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, '0')}-${String(monday.getDate()).padStart(2, '0')}`;
    await page.goto(`/timetable?week=${week}`);
    const held = page
      .getByRole('listitem')
      .filter({ hasText: lesson.title ?? '' })
      .first();
    await expect(held.getByRole('button', { name: 'Booked' })).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('a class type gets a level and a description in its form; the timetable shows them and filters by level', async ({
  page,
  loginAsAdmin,
}) => {
  // The type of the first bookable class.
  const lesson = await bookableClass(page);
  await loginAsAdmin();
  await page.goto(`/admin/class/${lesson.course_id}`);
  await page.getByLabel('Lowest level').selectOption('C1');
  await page.getByLabel('Highest level').selectOption('C2');
  const description = `For confident speakers ${randomUUID().slice(0, 4)}`;
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/class$/);

  const start = new Date(lesson.starts_at);
  const monday = new Date(
    start.getFullYear(),
    start.getMonth(),
    start.getDate() - ((start.getDay() + 6) % 7),
  );
  const week = `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, '0')}-${String(monday.getDate()).padStart(2, '0')}`;
  await page.goto(`/timetable?week=${week}&type=${lesson.course_id}&level=C1`);
  const row = page
    .getByRole('listitem')
    .filter({ hasText: lesson.title ?? '' })
    .first();
  await expect(row).toContainText('Level: C1–C2');
  await expect(row).toContainText(description);
  await page.getByLabel('Level', { exact: true }).selectOption('A1');
  await expect(page).toHaveURL(/level=A1/);
  await expect(page.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText('No classes match this week.')).toBeVisible();
});

test('a visitor opens a class page from the timetable, shares its address, and books it through sign-up', async ({
  page,
  request,
}) => {
  test.slow();
  await page.goto(`/timetable?week=${await firstWeekWithBookableClass(page)}`);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Book Now' }) })
    .first();
  const link = row.getByRole('link').first();
  const title = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/class\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Times are in your time zone/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The address is the class: opened afresh, it shows the same class.
  const address = page.url();
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await signUp(page, newLearner());
  await expect(page.getByText(/You were booking/)).toBeVisible();
  await grantCreditsToSignedInLearner(page, request, 3);
  await page.goto('/user/dashboard');
  await page.getByRole('button', { name: 'Book now' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your booking' })
    .getByRole('button', { name: 'Confirm booking' })
    .click();
  await expect(page.getByText('Booking is successfull.')).toBeVisible();

  await page.goto(address);
  await expect(page.getByRole('button', { name: 'Booked' })).toBeDisabled();
});

/** The Monday (YYYY-MM-DD) of the first of the next four weeks that has a class a visitor can book. */
async function firstWeekWithBookableClass(page: Page): Promise<string> {
  const from = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const to = new Date(from.getTime() + 28 * 24 * 60 * 60 * 1000);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const response = await page.request.get(`/api/calendar-schedules?from=${iso(from)}&to=${iso(to)}&tz=${tz}`);
  const first = ((await response.json()) as { data: CalendarClass[] }).data.find((c) => c.bookable);
  if (!first) throw new Error('the demo timetable has no bookable class in the next four weeks');
  const start = new Date(first.starts_at);
  const monday = new Date(
    start.getFullYear(),
    start.getMonth(),
    start.getDate() - ((start.getDay() + 6) % 7),
  );
  return `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, '0')}-${String(monday.getDate()).padStart(2, '0')}`;
}
