import { adminLogin, DEMO, expect, login, newLearner, signUp, test } from '../fixtures';

test.describe('sign-up', () => {
  test('shows the SPEC.md messages, then creates the account and lands on /payment', async ({ page }) => {
    const learner = newLearner();
    await page.goto('/signup');
    await page.getByLabel('Full name').fill(learner.name);
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Create password').fill(learner.password);
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByLabel('English level').selectOption('1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(page.getByText('You must agree to the terms and conditions.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);

    await page.getByLabel('Confirm password').fill(learner.password);
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    // A signed-in learner sees the Dashboard button instead of Sign In / Register.
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });

  test('says which password rule failed, under the field, before creating anything', async ({ page }) => {
    const learner = newLearner();
    await page.goto('/signup');
    await page.getByLabel('Full name').fill(learner.name);
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    const password = page.getByLabel('Create password');
    const confirmation = page.getByLabel('Confirm password');
    await page.getByLabel('English level').selectOption('1');
    await page.getByLabel('I agree to the terms and conditions').check();

    // Checked in the browser: the length.
    await password.fill('short1');
    await confirmation.fill('short1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Use at least 10 characters for your password.')).toBeVisible();

    // Checked by the server: the list of common passwords.
    await password.fill('password123');
    await confirmation.fill('password123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByText('This password is too common and easy to guess. Choose a less usual one.'),
    ).toBeVisible();
    await expect(password).toHaveAccessibleDescription(/too common/);
    await expect(page).toHaveURL(/\/signup$/);

    await password.fill(learner.password);
    await confirmation.fill(learner.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/payment$/);
  });

  test('answers an address that already has an account without saying so: check your inbox', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Someone');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.learner.email.toUpperCase());
    await page.getByLabel('Create password').fill('long enough 1');
    await page.getByLabel('Confirm password').fill('long enough 1');
    await page.getByLabel('English level').selectOption('3');
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `We have sent a mail to ${DEMO.learner.email}.` }),
    ).toBeVisible();
    await expect(page.getByText('This email is already registered.')).toHaveCount(0);
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('login', () => {
  test('a wrong password shows the server message; the right one opens the dashboard', async ({ page }) => {
    await login(page, { email: DEMO.learner.email, password: 'not the password' });
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await login(page, DEMO.learner);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('remember me keeps the session cookie for 30 days; without it the cookie ends with the browser', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.learner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const remembered = (await context.cookies()).find((cookie) => cookie.name === 'tokenly_session');
    expect(remembered?.httpOnly).toBe(true);
    expect(remembered?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    await context.clearCookies();
    await login(page, DEMO.learner);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'tokenly_session');
    expect(session?.expires).toBe(-1);
  });

  test('the token is never stored in localStorage', async ({ page }) => {
    await login(page, DEMO.learner);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'tokenly_session');
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(cookie?.value).toBeTruthy();
    expect(storage).not.toContain(cookie?.value ?? 'missing');
  });
});

test.describe('admin login', () => {
  test('a learner is refused; the administrator reaches the admin dashboard', async ({ page }) => {
    await adminLogin(page, DEMO.learner);
    await expect(page.getByRole('dialog').getByText('This account is not an administrator.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);

    await adminLogin(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Token Management' })).toBeVisible();
  });
});

test.describe('logout', () => {
  test('a learner logs out and can no longer open the dashboard', async ({ page, loginAsLearner }) => {
    await loginAsLearner();
    await page.goto('/user/dashboard');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an administrator logs out to the admin login page and the session is revoked', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin();
    const before = (await page.context().cookies()).find((c) => c.name === 'tokenly_session');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    // The old token no longer opens anything on the server.
    const response = await page.request.get('/api/user-details', {
      headers: { Authorization: `Bearer ${before?.value ?? ''}` },
    });
    expect(response.status()).toBe(401);
  });
});

test.describe('settings', () => {
  test('a learner renames themself and changes the password', async ({ page, loginAsLearner }) => {
    const learner = await loginAsLearner();
    await page.goto('/user/settings');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(learner.email);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    await page.getByLabel('Name', { exact: true }).fill('Renamed Learner');
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password').fill('a brand new secret');
    await page.getByLabel('Current password').fill('not my password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Your current password is not correct.').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByLabel('Current password').fill(learner.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Settings Updated')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Renamed Learner');

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await login(page, { email: learner.email, password: 'a brand new secret' });
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('the name is required', async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    await page.goto('/admin/settings');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(DEMO.admin.email);
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
  });
});

test.describe('guards', () => {
  test('a visitor is sent to the right login page and comes back after signing in', async ({ page }) => {
    await page.goto('/user/list-schedule');
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/admin/list-token');
    await expect(page).toHaveURL(/\/admin-login/);
    await page.getByLabel('Username').fill(DEMO.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/list-token$/);
  });

  test('a learner cannot open admin pages', async ({ page }) => {
    const learner = newLearner();
    await signUp(page, learner);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });
});
