import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import {
  adminApi,
  adminLogin,
  buyPackage,
  expect,
  invalidMarkup,
  seriousAxeViolations,
  test,
} from '../fixtures/index';

// Refunds, end to end: an administrator refunds a learner's package from the payments ledger, sees
// what will happen first, and the learner's balance drops; a class's roster downloads as CSV.

async function firstPackage(page: Page): Promise<TokenPlan> {
  const response = await page.request.get('/api/get-membership-token');
  const plans = ((await response.json()) as { data: TokenPlan[] }).data;
  const plan = plans.find((candidate) => candidate.kind === 'package');
  if (!plan) throw new Error('the demo catalogue has no package');
  return plan;
}

async function balanceOf(page: Page): Promise<string | null> {
  await page.goto('/user/dashboard');
  const balance = page.getByTestId('token-balance');
  // A number, not the empty or "…" of a balance still loading.
  await expect(balance).toHaveText(/^\d+$/);
  return balance.textContent();
}

test("an admin refunds a learner's package and the learner's balance drops", async ({
  page,
  browser,
  loginAsLearner,
}) => {
  test.slow();
  const learner = await loginAsLearner();
  const plan = await firstPackage(page);
  await buyPackage(page, plan);
  expect(await balanceOf(page)).toBe(String(plan.token_credit));

  const admin = await (await browser.newContext()).newPage();
  await adminLogin(admin);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto(`/admin/payment-list?student=${encodeURIComponent(learner.email)}`);
  const row = admin.getByRole('row').filter({ hasText: plan.token_title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Refund payment TE-\d+ of / }).click();

  const dialog = admin.getByRole('dialog', { name: /^Refund TE-\d+$/ });
  await expect(dialog).toContainText(
    `${plan.token_credit} credits granted: 0 used or expired, ${plan.token_credit} unused`,
  );
  await expect(dialog).toContainText(`balance goes from ${plan.token_credit} to 0`);
  // Pro rata of the unused credits: nothing used, so the whole price.
  const amount = dialog.getByLabel('Amount to refund (USD)');
  await expect(amount).toHaveValue(String(plan.amount));
  await expect(seriousAxeViolations(admin)).resolves.toEqual([]);
  await amount.fill('');
  await dialog.getByLabel('Reason').fill('Paid by mistake');
  await dialog.getByRole('button', { name: /^Refund/ }).click();
  await expect(amount).toHaveAccessibleDescription(
    new RegExp(`Enter an amount from 0\\.01 to ${plan.amount.toFixed(2)} USD\\.`),
  );
  await amount.fill(String(plan.amount));
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: /^Refunded .* credits removed; new balance: 0\.$/ }),
  ).toBeVisible();

  const totals = admin.getByRole('group', { name: 'Totals of the filtered payments' });
  await expect(totals).toContainText(new RegExp(`Refunded\\s*\\$${plan.amount}`));
  await expect(totals).toContainText(/Net\s*\$0/);
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button', { name: /^Refund payment/ })).toHaveCount(0);
  await admin.context().close();

  expect(await balanceOf(page)).toBe('0');
  await page.goto('/user/payment-list');
  await expect(page.getByRole('row').filter({ hasText: plan.token_title })).toContainText('Refunded in full');
});

test("an admin downloads a class's roster as CSV from the class's page", async ({ page, request }) => {
  test.slow();
  const adminHeaders = await adminApi(request);
  const types = await request.get('/api/admin-courses-list', { headers: adminHeaders });
  const courseId = (await types.json()).data[0].id as number;
  const startsAt = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);
  startsAt.setUTCHours(9, 0, 0, 0);
  const created = await request.post('/api/admin-course-schedule', {
    headers: adminHeaders,
    data: {
      course_id: courseId,
      // Whatever the day: the demo school's closed days are not this test's subject.
      allow_closed_day: true,
      title: `Roster class ${randomUUID().slice(0, 8)}`,
      no_of_users: 4,
      date: startsAt.toISOString(),
      token: 1,
    },
  });
  expect(created.status()).toBe(201);
  const scheduleId = (await created.json()).data.id as number;

  // A learner books it through the API.
  const email = `roster-${randomUUID().slice(0, 8)}@tokenly.test`;
  const registered = await request.post('/api/register', {
    data: {
      name: 'Zoë Roster',
      email,
      password: 'Password123!',
      password_confirmation: 'Password123!',
      level: 3,
    },
  });
  expect(registered.status()).toBe(201);
  const learner = await registered.json();
  const learnerHeaders = { authorization: `Bearer ${learner.access_token}` };
  const grant = await request.post(`/api/admin-user-credits/${learner.data.id}`, {
    headers: adminHeaders,
    data: { delta: 1, reason: 'e2e roster' },
  });
  expect(grant.status()).toBe(200);
  const booked = await request.post('/api/book-class', {
    headers: learnerHeaders,
    data: { schedule_id: scheduleId },
  });
  expect(booked.status()).toBe(200);

  await adminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/edit-schedule/${scheduleId}`);
  await expect(page.getByRole('heading', { name: 'Roster' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download roster (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`class-${scheduleId}-roster.csv`);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Learner,Email,Level,Booked at,Status,Cancelled at');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^Zoë Roster,${email},Advanced,\\d{4}-\\d{2}-\\d{2}T[^,]+Z,booked,$`));
  await expect(invalidMarkup(page)).resolves.toEqual([]);

  await request.post(`/api/admin-course-schedule/${scheduleId}/cancel`, { headers: adminHeaders });
});
