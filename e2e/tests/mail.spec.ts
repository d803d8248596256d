import { adminLogin, expect, login, mailTo, registerLearner, test } from '../fixtures';

// The reset mail leaves through SMTP (the run's own mailbox), an administrator reads it in the
// Outbox screen with its link's secret masked, and the link as mailed sets the new password the learner
// then signs in with; an enquiry from the home page's contact form reaches the school (Messages, and its
// mail in the Outbox).

test('forgot password → Outbox → link → new password → sign in', async ({ page, browser, request }) => {
  // Two sessions and three password hashes (sign-up, reset, sign-in): more than one screen's worth of time.
  test.setTimeout(90_000);
  const learner = await registerLearner(request);
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();

  await learnerPage.goto('/login');
  await learnerPage.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(learnerPage).toHaveURL(/\/forgot-password$/);
  // The address changes a moment before the page does, and the sign-in form has an Email field too.
  await expect(learnerPage.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await learnerPage.getByLabel('Email').fill(learner.email);
  await learnerPage.getByRole('button', { name: 'Send the link' }).click();
  await expect(learnerPage.getByRole('status')).toContainText('If an account exists for this email');

  await adminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Outbox' }).click();
  // The learner's welcome mail is there too.
  const row = page
    .getByRole('row')
    .filter({ hasText: learner.email })
    .filter({ hasText: 'Set a new password' });
  await row.getByRole('link', { name: 'Set a new password for Tokenly English' }).click();
  await expect(page.frameLocator('iframe').getByRole('link', { name: 'Set a new password' })).toBeVisible();
  await page.getByRole('tab', { name: 'Plain text' }).click();
  // Every administrator reads the Outbox: the link's secret is not there.
  await expect(page.getByRole('tabpanel')).toContainText('/reset-password?token=…');
  const mailed = await mailTo(learner.email, /Set a new password/);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mailed.text)?.[0];
  expect(link, 'the reset link in the mail as delivered').toBeTruthy();
  await expect(page.getByRole('tabpanel')).not.toContainText(link ?? '');

  await learnerPage.goto(link ?? '');
  await learnerPage.getByLabel('New password', { exact: true }).fill('Brand new secret 7');
  await learnerPage.getByLabel('Confirm new password').fill('Brand new secret 7');
  await learnerPage.getByRole('button', { name: 'Set the new password' }).click();
  await expect(learnerPage.getByRole('status')).toContainText('Your password has been changed.');

  await login(learnerPage, { email: learner.email, password: 'Brand new secret 7' });
  await expect(learnerPage).toHaveURL(/\/user\/dashboard$/);

  // The link works once.
  await learnerPage.goto(link ?? '');
  await learnerPage.getByLabel('New password', { exact: true }).fill('Another secret 99');
  await learnerPage.getByLabel('Confirm new password').fill('Another secret 99');
  await learnerPage.getByRole('button', { name: 'Set the new password' }).click();
  await expect(learnerPage.getByRole('alert')).toContainText('This link has already been used.');
  await learnerContext.close();
});

test('the contact form reaches the school: Messages and the Outbox', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  const name = `Visitor ${Date.now()}`;
  await home.goto('/');
  // The form loads when scrolled near.
  await home.getByRole('status', { name: 'Loading the contact form' }).scrollIntoViewIfNeeded();
  const form = home.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill('visitor@example.com');
  await form.getByLabel('Phone (optional)').fill('0123456789');
  await form.getByLabel('Course interest').selectOption('General English');
  await form.getByLabel('Message').fill('Do you have evening classes for beginners?');
  await form.getByRole('button', { name: 'Send message' }).click();
  // Any country's number, with its country code (libphonenumber-js checks it on both sides).
  await expect(
    form.getByText('Enter the phone number with its country code, such as +44 20 7946 0958.'),
  ).toBeVisible();
  await form.getByLabel('Phone (optional)').fill('+81 90 1234 5678');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you for your message!');
  await visitor.close();

  await adminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Messages' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Do you have evening classes for beginners?');
  // Kept as E.164, whatever spacing the visitor typed.
  await expect(row).toContainText('+819012345678');
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: `Enquiry from ${name}: General English` }),
  ).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'visitor@example.com' }).first()).toContainText(
    'We have your message',
  );
});

test('the welcome mail verifies the address: the banner shows until then', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const learner = await registerLearner(request);
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await login(learnerPage, learner);
  await expect(learnerPage).toHaveURL(/\/user\/dashboard$/);
  const banner = learnerPage.getByRole('region', { name: 'Please verify your email address' });
  await expect(banner).toContainText(`Open the link we mailed to ${learner.email}`);

  await adminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Outbox' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: learner.email })
    .getByRole('link', { name: 'Welcome to Tokenly English: verify your email' })
    .click();
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('/verify-email?token=…');
  const mailed = await mailTo(learner.email, /verify your email/);
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mailed.text)?.[0];
  expect(link, 'the verification link in the mail as delivered').toBeTruthy();

  await learnerPage.goto(link ?? '');
  await expect(learnerPage.getByRole('status')).toContainText('your email address is verified');
  await learnerPage.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(learnerPage).toHaveURL(/\/user\/dashboard$/);
  await expect(learnerPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await learnerContext.close();
});

test('a learner turns class reminders off in Settings, each kind of mail on its own', async ({
  page,
  loginAsLearner,
}) => {
  await loginAsLearner();
  await page.goto('/user/settings');
  const form = page.getByRole('form', { name: 'Mail preferences' });
  const reminders = form.getByRole('checkbox', { name: /Class reminders/ });
  await expect(reminders).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /Starting soon/ })).toBeChecked();
  await reminders.uncheck();
  await form.getByRole('button', { name: 'Save mail preferences' }).click();
  await expect(form.getByRole('status')).toContainText('Your mail preferences are saved.');
  await page.reload();
  const saved = page.getByRole('form', { name: 'Mail preferences' });
  await expect(saved.getByRole('checkbox', { name: /Class reminders/ })).not.toBeChecked();
  await expect(saved.getByRole('checkbox', { name: /Starting soon/ })).toBeChecked();
});

test("a mail's unsubscribe page names the kind it turns off and leads to the other kinds", async ({
  page,
}) => {
  await page.goto('/unsubscribe?token=not-a-real-token&kind=class-starting-soon');
  await expect(
    page.getByText(
      'Stop sending you "starting soon" mails with the join link? Your other mails do not change',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose your mails in Settings' })).toHaveAttribute(
    'href',
    '/user/settings',
  );
  await page.getByRole('button', { name: 'Turn off "starting soon" mails with the join link' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link is not valid. Turn mails on or off in Settings.',
  );

  // A link from before kinds names its topic.
  await page.goto('/unsubscribe?token=not-a-real-token&topic=reminders');
  await expect(page.getByText('Stop sending you class reminders and "starting soon" mails?')).toBeVisible();
});
