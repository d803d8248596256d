import type { Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  firstCalendarClass,
  grantCreditsToSignedInLearner,
  newLearner,
  revealDeferredSections,
  signInThroughApi,
  test,
} from '../fixtures';

// Each kind of widget the app uses, worked with the keyboard alone: Tab and Shift+Tab between fields in
// reading order, Enter and Space to act, arrows inside menus, date pickers and selects, Escape to close a
// dialog and the focus back where it was. The flows these widgets make up (signing up, booking, the admin
// screens) are walked by the other specs; here each widget is reached by focusing its neighbour, not by
// tabbing through the whole page.

/** Presses Tab (or Shift+Tab) once and expects `next` to hold the focus. */
async function tabsTo(page: Page, next: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await page.keyboard.press(key);
  await expect(next).toBeFocused();
}

const isInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

test('the sign-up form takes its fields in reading order, Space ticks the terms and Enter sends it', async ({
  page,
}) => {
  const learner = newLearner();
  await page.goto('/signup');
  const name = page.getByLabel('Full name');
  await name.focus();
  await page.keyboard.type(learner.name);
  await tabsTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(learner.email);
  // Past the email's explanation, if any, to the password.
  const password = page.getByLabel('Create password');
  await password.focus();
  await page.keyboard.type(learner.password);
  await tabsTo(page, page.getByLabel('Confirm password'));
  await page.keyboard.type(learner.password);
  // The level is a native select: an arrow picks the next level.
  const level = page.getByLabel('English level');
  await level.focus();
  const before = await level.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(level).not.toHaveValue(before);
  const terms = page.getByLabel('I agree to the terms and conditions');
  await terms.focus();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await page.getByRole('button', { name: 'Sign Up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment$/);
});

test('a learner fixes a wrong password with Shift+Tab, ticks Remember me with Space and signs in with Enter', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  const email = page.getByLabel('Email', { exact: true });
  await email.focus();
  await page.keyboard.type(DEMO.learner.email);
  const password = page.getByLabel('Password', { exact: true });
  await tabsTo(page, password);
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();

  await email.focus();
  await tabsTo(page, password);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(DEMO.learner.password);
  await tabsTo(page, email, 'Shift+Tab');
  const remember = page.getByLabel('Remember me');
  await remember.focus();
  await page.keyboard.press('Space');
  await expect(remember).toBeChecked();
  await page.getByRole('button', { name: 'Sign In' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'tokenly_session');
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
});

test('every day of the calendar opens its class list from the keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  // A day with no class too: its number is a link, where FullCalendar's cell takes only clicks.
  const firstDay = page
    .locator('#calendar')
    .getByRole('link', { name: /^Classes on / })
    .first();
  await firstDay.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog', { name: /Classes on/ });
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(firstDay).toBeFocused();
});

test('the booking and cancelling dialogs keep the focus inside, act on Enter and give the focus back on Escape', async ({
  page,
  request,
}) => {
  const learner = newLearner();
  const registered = await request.post('/api/register', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { ...learner, password_confirmation: learner.password, level: 2 },
  });
  expect(registered.status()).toBe(201);
  await signInThroughApi(page, learner);
  const feed = page.waitForResponse(/calendar-schedules/);
  await page.goto('/');
  await grantCreditsToSignedInLearner(page, request, 3);
  await revealDeferredSections(page);
  const event = await firstCalendarClass(page, feed, async () => {
    await page.getByRole('button', { name: 'Next ›' }).focus();
    await page.keyboard.press('Enter');
  });
  await event.focus();
  await page.keyboard.press('Enter');
  const day = page.getByRole('dialog', { name: /Classes on/ });
  await day.getByRole('button', { name: 'Book Now' }).first().focus();
  await page.keyboard.press('Enter');

  const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
  await expect(confirm).toBeVisible();
  // Tab cycles inside the dialog, never to the page behind it.
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await isInside(confirm)).toBe(true);
  }
  await confirm.getByRole('button', { name: 'Confirm booking' }).focus();
  await page.keyboard.press('Enter');
  const done = page.getByRole('dialog', { name: 'Success' });
  await expect(done.getByText('Booking is successfull.')).toBeVisible();
  await done.getByRole('button', { name: 'See my bookings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/list-schedule$/);

  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const sure = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(sure).toBeVisible();
  expect(await isInside(sure)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sure).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await sure.getByRole('button', { name: 'Cancel booking' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Booking cancelled/)).toBeVisible();
});

test("the admin's sidebar menu, account menu, type picker, date picker and teacher select work by keyboard", async ({
  page,
}) => {
  await signInThroughApi(page, DEMO.admin, 'admin-login');
  await page.goto('/admin/dashboard');
  const navigation = page.getByRole('navigation', { name: /navigation/ });

  // A sidebar group opens with Enter and its links follow it in the tab order.
  const group = navigation.getByRole('button', { name: 'Booking & Classes' });
  await group.focus();
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const types = navigation.getByRole('link', { name: 'Type' });
  await types.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/class$/);

  // The type picker takes typing; the date picker's month is one tab stop moved with the arrows.
  await page.goto('/admin/add-schedule');
  const type = page.getByLabel('Type');
  await type.focus();
  await page.keyboard.type('General English');
  await expect(type).toHaveValue(/\d+/);
  // By its name's start: the picker's Confirm date and time button has the label inside its own.
  const when = page.getByRole('button', { name: /^Date and time/ });
  await when.focus();
  await page.keyboard.press('Enter');
  const nextMonth = page.getByRole('button', { name: 'Next month' });
  await nextMonth.focus();
  await page.keyboard.press('Enter');
  const firstDay = page.locator('table button[tabindex="0"]').first();
  await firstDay.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const hours = page.getByLabel('Hours');
  await hours.focus();
  await page.keyboard.type('10');
  await page.getByLabel('Minutes').focus();
  await page.keyboard.type('30');
  await page.getByRole('button', { name: 'Confirm date and time' }).focus();
  await page.keyboard.press('Enter');
  await expect(when).toHaveText(/10:30/);
  // The teacher picker is a native select, chosen with the arrow keys.
  const teacher = page.getByLabel('Teacher');
  await teacher.focus();
  const nobody = await teacher.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(teacher).not.toHaveValue(nobody);

  // The account menu takes the focus when opened; arrows move inside it and Enter picks.
  await page.getByRole('button', { name: /Account menu/ }).focus();
  await page.keyboard.press('Enter');
  const logOut = page.getByRole('menuitem', { name: 'Log Out' });
  await expect(logOut).toBeVisible();
  for (let presses = 0; presses < 5; presses += 1) {
    if (await logOut.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin-login$/);
});
