import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  findScheduleRow,
  firstCalendarClass,
  grantCreditsToSignedInLearner,
  type Learner,
  newLearner,
  registerLearner,
  tabTo,
  test,
} from '../fixtures';

// Every flow of auth.spec, booking.spec and admin.spec once more with the keyboard alone: Tab and
// Shift+Tab to move, Enter and Space to act, arrows inside widgets, typing into fields. No clicks.

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Tabs to a field, replaces its value by typing. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Tabs to a button or link and presses Enter. */
async function press(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

async function signUpByKeyboard(page: Page, learner: Learner) {
  await typeInto(page, page.getByLabel('Full name'), learner.name);
  await typeInto(page, page.getByLabel('Email', { exact: true }), learner.email);
  await typeInto(page, page.getByLabel('Create password'), learner.password);
  await typeInto(page, page.getByLabel('Confirm password'), learner.password);
  await tabTo(page, page.getByLabel('English level'));
  await page.keyboard.press('ArrowDown');
  await press(page, page.getByLabel('I agree to the terms and conditions'), 'Space');
  await expect(page.getByLabel('I agree to the terms and conditions')).toBeChecked();
  await press(page, page.getByRole('button', { name: 'Sign Up' }));
  await expect(page).toHaveURL(/\/payment$/);
}

test.describe('auth by keyboard', () => {
  test('a visitor signs up from the header', async ({ page }) => {
    await page.goto('/');
    await press(page, page.getByRole('link', { name: 'Register for Free' }).first());
    await expect(page).toHaveURL(/\/signup$/);
    await signUpByKeyboard(page, newLearner());
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  });

  test('a learner signs in with remember me, and goes back with Shift+Tab to fix a wrong password', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await typeInto(page, page.getByLabel('Email', { exact: true }), DEMO.learner.email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), 'not the password');
    await page.keyboard.press('Enter');
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();

    await tabTo(page, page.getByLabel('Password', { exact: true }), { backwards: true });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(DEMO.learner.password);
    await press(page, page.getByLabel('Remember me'), 'Space');
    await press(page, page.getByRole('button', { name: 'Sign In' }));
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'tokenly_session');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });

  test('the administrator signs in and logs out through the account menu', async ({ page }) => {
    await page.goto('/admin-login');
    await typeInto(page, page.getByLabel('Username'), DEMO.admin.email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), DEMO.admin.password);
    await press(page, page.getByRole('button', { name: 'Sign In' }));
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await press(page, page.getByRole('button', { name: /Account menu/ }));
    // The menu takes the focus; arrows move inside it.
    const logOut = page.getByRole('menuitem', { name: 'Log Out' });
    await expect(logOut).toBeVisible();
    for (let presses = 0; presses < 5 && !(await hasFocus(logOut)); presses += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin-login$/);
  });
});

test('every day of the calendar opens its class list from the keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  // A day with no class too: its number is a link, where FullCalendar's cell takes only clicks.
  const firstDay = page.locator('.fc-daygrid-day a[data-navlink]').first();
  await press(page, firstDay);
  const list = page.getByRole('dialog', { name: /Classes on/ });
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(firstDay).toBeFocused();
});

test('a visitor books a class by keyboard through sign-up, then cancels it', async ({ page, request }) => {
  // A whole walk one key at a time, each press a round trip to the browser: triple the usual time.
  test.slow();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first key press loads the sections below the fold, the calendar among them.
  const feed = page.waitForResponse(/calendar-schedules/);
  await page.keyboard.press('Tab');
  const event = await firstCalendarClass(page, feed, () =>
    press(page, page.getByRole('button', { name: 'Next ›' })),
  );
  await press(page, event);
  const day = page.getByRole('dialog', { name: /Classes on/ });
  await expect(day).toBeVisible();
  await press(page, day.getByRole('button', { name: 'Book Now' }).first());
  await expect(page).toHaveURL(/\/signup$/);

  await signUpByKeyboard(page, newLearner());
  await expect(page.getByText(/You were booking/)).toBeVisible();
  await grantCreditsToSignedInLearner(page, request, 3);

  await press(page, page.getByRole('button', { name: 'Book now' }));
  await press(
    page,
    page
      .getByRole('dialog', { name: 'Confirm your booking' })
      .getByRole('button', { name: 'Confirm booking' }),
  );
  await expect(page.getByText('Booking is successfull.')).toBeVisible();
  // Back on the calendar the booking began on, and on to the bookings by keyboard.
  await press(
    page,
    page.getByRole('dialog', { name: 'Success' }).getByRole('button', { name: 'See my bookings' }),
  );
  await expect(page).toHaveURL(/\/user\/list-schedule$/);

  await press(page, page.getByRole('button', { name: 'Cancel', exact: true }));
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(confirm).toBeVisible();
  // The dialog keeps the focus: Tab cycles inside it until it reaches the confirmation.
  await press(page, confirm.getByRole('button', { name: 'Cancel booking' }));
  await expect(page.getByText(/Booking cancelled/)).toBeVisible();
});

test('an admin adds a type, schedules and cancels a class, adds and edits a plan and grants credits by keyboard', async ({
  page,
  request,
}) => {
  // Five admin screens one key at a time (a few hundred presses): triple the usual time.
  test.slow();
  const id = randomUUID().slice(0, 6);
  const learner = await registerLearner(request);

  await page.goto('/admin-login');
  await typeInto(page, page.getByLabel('Username'), DEMO.admin.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), DEMO.admin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const navigation = page.getByRole('navigation', { name: /navigation/ });

  // Class type, through the sidebar's Booking & Classes menu.
  const typeTitle = `Keyboard Type ${id}`;
  await press(page, navigation.getByRole('button', { name: 'Booking & Classes' }));
  await press(page, navigation.getByRole('link', { name: 'Type' }));
  await expect(page).toHaveURL(/\/admin\/class$/);
  await press(page, page.getByRole('link', { name: 'Add Type' }));
  await typeInto(page, page.getByLabel('Title'), typeTitle);
  await typeInto(page, page.getByLabel('Token count'), '2');
  await typeInto(page, page.getByLabel('Color'), '#1B4D8C');
  await press(page, page.getByRole('button', { name: 'Save' }));
  await expect(page).toHaveURL(/\/admin\/class$/);
  await expect(page.getByRole('row', { name: new RegExp(typeTitle) })).toContainText('Active');

  // A class of that type next month, the date picked in the picker with the keyboard.
  const classTitle = `Keyboard Class ${id}`;
  await page.goto('/admin/add-schedule');
  await tabTo(page, page.getByLabel('Type'));
  await page.keyboard.type(typeTitle);
  await expect(page.getByLabel('Type')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Credits')).toHaveValue('2');
  await typeInto(page, page.getByLabel('Title'), classTitle);
  await typeInto(page, page.getByLabel('No of Users'), '5');
  await press(page, page.getByLabel('Date and time'));
  await press(page, page.getByRole('button', { name: 'Next month' }));
  // The month's days are one tab stop: arrows move between them, Enter picks one.
  await tabTo(page, page.locator('table button[tabindex="0"]').first());
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await typeInto(page, page.getByLabel('Hours'), '10');
  await typeInto(page, page.getByLabel('Minutes'), '30');
  await press(page, page.getByRole('button', { name: 'Confirm date and time' }));
  // The teacher picker: a native select, chosen with the arrow keys.
  await tabTo(page, page.getByLabel('Teacher'));
  await page.keyboard.press('ArrowDown');
  await press(page, page.getByRole('button', { name: 'Save' }));
  await expect(page).toHaveURL(/\/admin\/list-schedule$/);
  const classRow = await findScheduleRow(page, classTitle);
  await expect(classRow).toContainText('10:30');
  await press(page, classRow.getByRole('button', { name: `Cancel ${classTitle}` }));
  await press(page, page.getByRole('dialog').getByRole('button', { name: 'Cancel class' }));
  // Classes other tests scheduled meanwhile may have moved it to a later page.
  await expect(await findScheduleRow(page, classTitle)).toContainText('Cancelled');

  // A token plan off sale, then edited.
  const planTitle = `Keyboard Plan ${id}`;
  await page.goto('/admin/list-token');
  await press(page, page.getByRole('link', { name: 'Add Token Plan' }));
  await typeInto(page, page.getByLabel('Token Title'), planTitle);
  await typeInto(page, page.getByLabel('Token Credit'), '5');
  await typeInto(page, page.getByLabel('Token Expiry (days)'), '30');
  await typeInto(page, page.getByLabel('Price (USD, VAT included)'), '33');
  await press(page, page.getByRole('checkbox', { name: 'On sale (active)' }), 'Space');
  await expect(page.getByRole('checkbox', { name: 'On sale (active)' })).not.toBeChecked();
  await press(page, page.getByRole('button', { name: 'Submit' }));
  await expect(page).toHaveURL(/\/admin\/list-token$/);
  await press(page, page.getByRole('link', { name: `Edit ${planTitle}` }));
  await typeInto(page, page.getByLabel('Token Expiry (days)'), '45');
  await press(page, page.getByRole('button', { name: 'Submit' }));
  await expect(page.getByRole('row', { name: new RegExp(planTitle) })).toContainText('45 days');

  // Credits for the new learner, from the Students list.
  await page.goto('/admin/list-students');
  await press(page, page.getByRole('link', { name: `Edit ${learner.name}` }));
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
  await typeInto(page, page.getByLabel(/^Credits/), '3');
  await typeInto(page, page.getByLabel('Reason'), 'Keyboard gift');
  await press(page, page.getByRole('button', { name: 'Save adjustment' }));
  await expect(page.getByTestId('credit-balance')).toHaveText('3');
});
