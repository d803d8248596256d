import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { adminLogin, expect, findScheduleRow, registerLearner, test } from '../fixtures';

/**
 * The learner's page, once it has replaced the page it was opened from: the list or the search results
 * it was opened from also show the address, and may still be drawn for a moment after the URL changed.
 */
async function expectStudentPage(page: Page, email: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Student', exact: true })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
}

test('an admin adds a type, schedules and cancels a class, adds and edits a plan, and adjusts credits', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  // Four admin screens, a date picker and two dialogs in one walk: triple the usual time.
  test.slow();
  const id = randomUUID().slice(0, 6);
  // A learner of this test's own, registered through the API so the admin's browser session stays.
  const learner = await registerLearner(request);

  await loginAsAdmin();

  // Class type: add, then find it in the list with its colour and status.
  const typeTitle = `E2E Type ${id}`;
  await page.goto('/admin/class');
  await page.getByRole('link', { name: 'Add Type' }).click();
  await page.getByLabel('Title').fill(typeTitle);
  await page.getByLabel('Status').selectOption('1');
  await page.getByLabel('Token count').fill('2');
  await page.getByLabel('Color').fill('#1B4D8C');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/class$/);
  const typeRow = page.getByRole('row', { name: new RegExp(typeTitle) });
  await expect(typeRow).toContainText('#1B4D8C');
  await expect(typeRow).toContainText('Active');

  // Schedule: a class of the new type next month, picked with the date-time picker.
  const classTitle = `E2E Class ${id}`;
  await page.getByRole('link', { name: 'Schedule Class List' }).click();
  await page.getByRole('link', { name: 'Add Schedule Class' }).click();
  // The list stays on screen while the add page's code loads, and its filters have a Type select too.
  await expect(page.getByRole('heading', { name: 'Add Schedule Class' })).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: typeTitle });
  await expect(page.getByLabel('Credits')).toHaveValue('2');
  await page.getByLabel('Title').fill(classTitle);
  await page.getByLabel('No of Users').fill('5');
  await page.getByLabel('Teacher').selectOption({ label: 'Emma Clarke' });
  await page.getByLabel('Meeting link', { exact: true }).fill('https://meet.example.com/e2e');
  await page.getByLabel('Date and time').click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: /^15 / }).click();
  await page.getByLabel('Hours').fill('10');
  await page.getByLabel('Minutes').fill('30');
  await page.getByRole('button', { name: 'Confirm date and time' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/list-schedule$/);
  const classRow = await findScheduleRow(page, classTitle);
  await expect(classRow).toContainText('0/5');
  await expect(classRow).toContainText('10:30');
  // Cancel it again so the public calendar of other tests stays as seeded.
  await classRow.getByRole('button', { name: `Cancel ${classTitle}` }).click();
  await page.getByRole('button', { name: 'Cancel class' }).click();
  await expect(page.getByText(/Class cancelled/)).toBeVisible();
  // Classes other tests scheduled meanwhile may have moved it to a later page.
  await expect(await findScheduleRow(page, classTitle)).toContainText('Cancelled');

  // Token plan: add one off sale (the shop of other tests stays as seeded), then edit it.
  const planTitle = `E2E Plan ${id}`;
  await page.goto('/admin/list-token');
  await expect(page.getByRole('heading', { name: 'Token Plans' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Token Plan' }).click();
  await page.getByLabel('Token Title').fill(planTitle);
  await page.getByLabel('Token Credit').fill('5');
  await page.getByLabel('Token Expiry (days)').fill('30');
  await page.getByLabel('Price (USD, VAT included)').fill('33');
  await page.getByText('On sale (active)').click();
  await expect(page.getByRole('checkbox', { name: 'On sale (active)' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/list-token$/);
  await page.getByRole('link', { name: `Edit ${planTitle}` }).click();
  await expect(page.getByLabel('Token Credit')).toHaveValue('5');
  await page.getByLabel('Token Credit').fill('6');
  await page.getByLabel('Token Expiry (days)').fill('45');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/list-token$/);
  const planRow = page.getByRole('row', { name: new RegExp(planTitle) });
  await expect(planRow).toContainText('45 days');
  await expect(planRow).toContainText('$33');
  await expect(planRow).toContainText('Inactive');

  // Credits: grant 3 to the new learner from their page, then see the balance and the ledger row.
  await page.goto('/admin/list-students');
  await page.getByRole('link', { name: `Edit ${learner.name}` }).click();
  await expectStudentPage(page, learner.email);
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
  const adjust = page.getByRole('form', { name: 'Adjust credits' });
  await adjust.getByLabel(/^Credits/).fill('3');
  // A reason of spaces alone is no reason: the form says so under the field instead of sending it.
  await adjust.getByLabel('Reason').fill('   ');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(adjust.getByText('Give a reason.')).toBeVisible();
  await adjust.getByLabel('Reason').fill('Welcome gift');
  await adjust.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText('Credits updated. New balance: 3.')).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('3');
  await expect(page.getByRole('row', { name: /Welcome gift/ })).toContainText('+3');
});

test("the type form shows the contract's message under a bad field", async ({ page, loginAsAdmin }) => {
  await loginAsAdmin();
  await page.goto('/admin/class/add');
  await page.getByLabel('Title').fill('Bad colour');
  await page.getByLabel('Token count').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  // The form's own check (the contract schema) stops it before the server.
  await expect(page.getByText('Token count must be at least 1.')).toBeVisible();
});

test('an admin adds, edits and disables another admin, who is signed out at once, then enables them', async ({
  page,
  browser,
  loginAsAdmin,
}) => {
  test.slow();
  const id = randomUUID().slice(0, 6);
  const colleague = {
    name: `Colleague ${id}`,
    email: `colleague-${id}@tokenly.test`,
    password: 'Colleague 123!',
  };

  await loginAsAdmin();
  await page.goto('/admin/add-admin');
  await page.getByLabel('Name').fill(colleague.name);
  await page.getByLabel('Email').fill(colleague.email);
  await page.getByLabel('Password').fill(colleague.password);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/list-admin$/);
  await page.getByRole('link', { name: `Edit ${colleague.name}` }).click();

  // The colleague signs in in a browser of their own.
  const theirs = await (await browser.newContext()).newPage();
  await adminLogin(theirs, colleague);
  await expect(theirs).toHaveURL(/\/admin\/dashboard$/);

  const renamed = `${colleague.name} Renamed`;
  await page.getByLabel('Name').fill(renamed);
  // The Add Admin's own "Saved" may still be up: only a new one says this save is done.
  const saved = page.getByRole('alert').filter({ hasText: 'Saved' });
  await expect(saved).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(saved.last()).toBeVisible();

  await page.getByRole('button', { name: 'Disable account' }).click();
  await page
    .getByRole('dialog', { name: `Disable ${renamed}?` })
    .getByRole('button', { name: 'Disable account' })
    .click();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();

  // Their open session ends at once: the next page they open sends them to sign in.
  await theirs.goto('/admin/list-students');
  await expect(theirs).toHaveURL(/\/admin-login/);
  await adminLogin(theirs, colleague);
  await expect(theirs.getByText('This account has been disabled. Please contact the school.')).toBeVisible();

  await page.getByRole('button', { name: 'Enable account' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await adminLogin(theirs, colleague);
  // Signed in again, back where the expired session left them.
  await expect(theirs.getByRole('heading', { name: 'Students' })).toBeVisible();
  await theirs.context().close();

  // The audit log keeps who did each of it.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const changes = page.getByRole('row').filter({ hasText: 'Demo Admin' });
  await expect(changes.filter({ hasText: 'Disable a learner or an administrator' }).first()).toBeVisible();
  await expect(changes.filter({ hasText: "Change an administrator's name and email" }).first()).toContainText(
    renamed,
  );
  // Each entry names its subject as it is now, linked to its page; the log filters by kind of change.
  const disabled = changes.filter({ hasText: 'Disable a learner or an administrator' }).first();
  await expect(disabled.getByRole('link', { name: renamed })).toHaveAttribute(
    'href',
    /\/admin\/edit-admin\/\d+$/,
  );
  await page.getByLabel('Change').selectOption({ label: 'Disable a learner or an administrator' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=adminAccountDisable/);
  await expect(page.getByRole('row').filter({ hasText: "Change an administrator's name" })).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ hasText: 'Disable a learner or an administrator' }).first(),
  ).toBeVisible();
});

test('an admin finds a learner from the top bar and in the students list, sorted by balance', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  const learner = await registerLearner(request);
  await loginAsAdmin();

  await page.getByRole('search').getByLabel('Search', { exact: true }).fill(learner.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/search\?q=/);
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await page.getByRole('link', { name: `${learner.name} (${learner.email})` }).click();
  await expect(page).toHaveURL(/\/admin\/student\/\d+$/);
  await expectStudentPage(page, learner.email);

  await page.goto('/admin/list-students');
  await page.getByLabel('Search students').fill(learner.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=/);
  const rows = page.getByRole('row').filter({ hasText: learner.email });
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Sort by').selectOption('balance');
  await expect(page).toHaveURL(/sort=balance/);
  await expect(rows).toHaveCount(1);
});
