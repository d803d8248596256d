import { CHECKOUT_MESSAGES, DEMO_CARDS } from '@tokenly/contract/checkout';
import {
  DEMO,
  expect,
  newLearner,
  registerLearner,
  seriousAxeViolations,
  signInApi,
  signInThroughApi,
  signUp,
  test,
} from '../fixtures/index';

// A sponsor link end to end: a visitor opens it, is greeted by "Invited by" on the public pages, signs up
// (the sponsor goes with the sign-up), buys a package with the demo gateway and gets the friend's bonus;
// the sponsor's Invite friends page shows them by first name and initial, the administrator's Referrals
// screen and the friend's student page by name.

test('a friend opens a sponsor link, signs up, sees "Invited by" and buys with the bonus', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const sponsor = await registerLearner(request);
  const { headers } = await signInApi(request, sponsor);
  const mine = await request.get('/api/user-referrals', { headers });
  expect(mine.status()).toBe(200);
  const urlName = (await mine.json()).data.url_name as string;
  // "Learner 1a2b3c4d" is greeted as "Learner 1.": the first name and the last name's initial.
  const sponsorShown = `${sponsor.name.split(' ')[0]} ${sponsor.name.split(' ')[1]?.[0]?.toUpperCase()}.`;
  const invited = page.getByRole('status').filter({ hasText: `Invited by ${sponsorShown}` });

  await page.goto(`/r/${urlName}`);
  await expect(page).toHaveURL(/\/$/);
  await expect(invited).toBeVisible();
  await expect(invited).toContainText('your first purchase brings you 2 extra credits');
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
  // It stays through the visitor's detour: the membership page, then sign-up.
  await page.goto('/membership');
  await expect(invited).toBeVisible();

  const friend = newLearner();
  await signUp(page, friend);
  // Sign-up lands on /payment, which greets the new learner the same way.
  await expect(invited).toBeVisible();

  await page.getByRole('link', { name: 'Select Package 2', exact: true }).click();
  await expect(page.getByText(CHECKOUT_MESSAGES.demoNotice)).toBeVisible();
  await page.getByLabel('Card number').fill(DEMO_CARDS.succeeds);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: CHECKOUT_MESSAGES.oneTimeSuccess })).toBeVisible();
  // Package 2's 8 tokens and the friend's bonus of 2.
  await expect(page.getByTestId('checkout-balance')).toHaveText('10');

  // The sponsor's Invite friends page, in a browser of their own.
  const sponsorContext = await browser.newContext();
  const sponsorPage = await sponsorContext.newPage();
  await signInThroughApi(sponsorPage, sponsor);
  await sponsorPage.goto('/user/invite-friends');
  await expect(sponsorPage.getByRole('heading', { name: 'Invite friends', level: 1 })).toBeVisible();
  await expect(sponsorPage.getByLabel('Your invitation link')).toHaveValue(new RegExp(`/r/${urlName}$`));
  await expect(sponsorPage.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const friendShown = `${friend.name.split(' ')[0]} ${friend.name.split(' ')[1]?.[0]?.toUpperCase()}.`;
  const row = sponsorPage.getByRole('row').filter({ hasText: friendShown });
  await expect(row).toContainText('Purchased');
  // Never the friend's email.
  await expect(sponsorPage.getByText(friend.email)).toHaveCount(0);
  await expect(seriousAxeViolations(sponsorPage)).resolves.toEqual([]);
  await sponsorContext.close();

  // The administrator's Referrals screen lists it with its state, and the friend's page names the sponsor.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughApi(adminPage, DEMO.admin, 'admin-login');
  await adminPage.goto('/admin/referrals');
  const listed = adminPage.getByRole('row').filter({ hasText: friend.name });
  await expect(listed).toContainText(sponsor.name);
  await expect(listed).toContainText('Purchased, in its hold');
  await expect(listed).toContainText('2 / 0');
  await listed.getByRole('link', { name: friend.name }).click();
  await expect(adminPage.getByText(`Sponsored by: ${sponsor.name} (Purchased, in its hold)`)).toBeVisible();
  await expect(seriousAxeViolations(adminPage)).resolves.toEqual([]);
  await adminContext.close();
});
