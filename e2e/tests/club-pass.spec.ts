import type { CalendarClass } from '@tokenly/contract/bookings';
import type { TokenPlan } from '@tokenly/contract/token-plans';
import { buyPackage, closeSuccessDialog, expect, registerLearner, signInApi, test } from '../fixtures';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

test('package 4 brings a free Club month: My credits shows the pass, and a club class is booked with it, not tokens', async ({
  page,
  loginAsLearner,
}) => {
  await loginAsLearner();
  const plans = (await (await page.request.get('/api/get-membership-token')).json()).data as TokenPlan[];
  const package4 = plans.find(
    (plan) => plan.kind === 'package' && plan.club_months > 0 && plan.token_credit === 16,
  );
  if (!package4) throw new Error('the demo data has no package 4 with a Club month');
  await buyPackage(page, package4);

  await page.goto('/user/list-token');
  const pass = page.getByRole('region', { name: 'Club pass' });
  await expect(pass.getByText(`Free with ${package4.token_title}`)).toBeVisible();
  await expect(pass.getByText('30 days left')).toBeVisible();

  // A club class with a free seat, a few hours or more away.
  const now = Date.now();
  const feed = await page.request.get(
    `/api/calendar-schedules?from=${isoDay(now)}&to=${isoDay(now + 13 * DAY)}&tz=UTC`,
  );
  const club = ((await feed.json()).data as CalendarClass[]).find(
    (item) => item.club && item.bookable && Date.parse(item.starts_at) > now + 2 * 60 * 60 * 1000,
  );
  if (!club) throw new Error('the demo timetable has no club class in the next two weeks');

  await page.goto(`/class/${club.id}`);
  await expect(page.getByText('Included in your Club pass')).toBeVisible();
  await page.getByRole('button', { name: 'Book Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your booking' });
  await expect(confirm.getByText('Included in your Club pass')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible();
  // The tokens of package 4 are all still there.
  expect((await (await page.request.get('/api/get-user-token')).json()).data).toBe(16);
});

test('an administrator grants Club pass days with a reason, then ends the pass, and the form offers a grant again', async ({
  page,
  request,
  loginAsAdmin,
}) => {
  const learner = await signInApi(request, await registerLearner(request));
  await loginAsAdmin();
  await page.goto(`/admin/student/${learner.id}`);
  const form = page.getByRole('form', { name: 'Change the Club pass' });
  await expect(form.getByRole('radio', { name: 'End now' })).toBeDisabled();

  await form.getByLabel(/^Days/).fill('10');
  await form.getByLabel('Reason').fill('Goodwill after a missed class');
  await form.getByRole('button', { name: 'Grant Club pass days' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Club pass days granted.');
  await closeSuccessDialog(page);
  await expect(page.getByText('Active, 10 days left')).toBeVisible();
  await expect(page.getByRole('row', { name: /Goodwill after a missed class/ })).toContainText('Granted');

  await form.getByText('End now').click();
  await expect(form.getByLabel(/^Days/)).toHaveCount(0);
  await form.getByLabel('Reason').fill('Asked to stop');
  await form.getByRole('button', { name: 'End the Club pass' }).click();
  await expect(page.getByRole('dialog', { name: 'Success' })).toContainText('Club pass ended.');
  await closeSuccessDialog(page);
  await expect(page.getByRole('row', { name: /Asked to stop/ })).toContainText('Ended');
  // Nothing left to end: the form is back on a grant.
  await expect(form.getByRole('button', { name: 'Grant Club pass days' })).toBeVisible();
  await expect(form.getByRole('radio', { name: 'End now' })).toBeDisabled();
});
