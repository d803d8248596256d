import { INT4_MAX, PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import { URL_NAME_MAX_LENGTH, URL_NAME_PATTERN } from '@tokenly/contract/constants';
import type {
  AdminReferral,
  AdminReferralDecisionBody,
  AdminReferrals,
  AdminUserReferrals,
  ReferralMonth,
  ReferralOffer,
  SponsorInfo,
  UserReferrals,
} from '@tokenly/contract/referrals';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import { startOfLocalDay, toLocalDateTime } from '../../lib/time-zone';
import { findLot, lockUserCredits } from '../credits/credit-repository';
import { ADMIN_GRANT_VALID_DAYS, clawBackLot, grantCredits } from '../credits/credit-service';
import type { CurrentSchoolSettings, SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  chooseUrlName,
  countReferrals,
  countRewards,
  dueReferralIds,
  findAccount,
  findAccountByUrlName,
  findReferralWithNames,
  insertReferral,
  isDue,
  listInvitees,
  lockReferral,
  lockReferralOfFriend,
  lockReferralsOfPayment,
  monthTotals,
  pageReferrals,
  paidWithSponsorsCard,
  paymentStands,
  purchasedLotOf,
  type ReferralAccount,
  type ReferralRow,
  type ReferralWithNames,
  referralsAround,
  updateReferral,
} from './referrals-repository';

// The referral programme (docs/referrals.md). A friend's sponsor is recorded at sign-up, once. Their first
// paid purchase grants the friend's bonus, a lot tied to that payment, so its refund takes the bonus back
// with the purchase; the sponsor's reward waits until the purchase has stood for the hold and the friend
// has attended a class, and is granted by a job, once, within a monthly cap. A friend who looks like the
// sponsor (the same mailbox, or a card the sponsor paid with) is held for an administrator. Every change
// of a referral happens with its row locked, so the job, a refund and an administrator's decision take
// turns.

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = 'No account has this URL name.';
const DUE_BATCH = 100;
/** Months of totals on the admin screen. */
const TOTAL_MONTHS = 12;

/** "Maria Garcia" → "Maria G.": how a sponsor sees a friend, never by email. */
export function firstNameAndInitial(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/**
 * One mailbox however it is written: case, dots and a +tag in the part before the @ are ignored (Gmail
 * delivers all of them to one inbox, and other providers the +tag), so a sponsor cannot invite themself
 * under another spelling of their own address.
 */
export function normaliseEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const box = local.split('+')[0]?.replaceAll('.', '') ?? '';
  return `${box}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/**
 * A URL name made from the account's first name and id: readable, and unique as the id is. It is not
 * stored: until the owner chooses one, their link is this, found again by its id (so a change of name
 * does not break a link already shared).
 */
export function defaultUrlName(name: string, id: number): string {
  const first =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/\s+/)[0]
      ?.replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') ?? '';
  const suffix = `-${id}`;
  const stem = (first || 'friend').slice(0, URL_NAME_MAX_LENGTH - suffix.length).replace(/-+$/, '');
  const made = `${stem}${suffix}`;
  return URL_NAME_PATTERN.test(made) ? made : `friend${suffix}`;
}

function offerOf(school: CurrentSchoolSettings): ReferralOffer {
  return {
    friend_credits: school.referralFriendCredits,
    sponsor_credits: school.referralSponsorCredits,
    hold_days: school.referralHoldDays,
  };
}

/** The calendar month of the school's zone holding `now`: the monthly cap counts in it. */
function monthOf(now: Date, timeZone: string, monthsBack = 0): { from: Date; until: Date } {
  const { year, month } = toLocalDateTime(now, timeZone);
  const first = (offset: number) => {
    const months = year * 12 + (month - 1) + offset;
    return startOfLocalDay({ year: Math.floor(months / 12), month: (months % 12) + 1, day: 1 }, timeZone);
  };
  return { from: first(-monthsBack), until: first(1) };
}

const urlNameOf = (account: ReferralAccount) => account.urlName ?? defaultUrlName(account.name, account.id);

/** The account id a default URL name ends with ("maria-42" → 42); chosen names never end so. */
const DEFAULT_NAME_ID = /-(\d+)$/;

const canSponsor = (account: ReferralAccount | undefined): account is ReferralAccount =>
  account !== undefined && account.disabledAt === null && account.role !== 'admin';

function toAdminDto(row: ReferralWithNames): AdminReferral {
  return {
    id: row.id,
    sponsor: { id: row.sponsorId, name: row.sponsorName },
    friend: { id: row.friendId, name: row.friendName },
    state: row.state,
    flag: row.flag,
    payment_id: row.paymentId,
    friend_credits: row.friendCredits ?? 0,
    sponsor_credits: row.sponsorCredits ?? 0,
    hold_until: row.holdUntil?.toISOString() ?? null,
    rewarded_at: row.rewardedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
  };
}

export type ReferralServiceOptions = { clock: Clock; settings: SchoolSettingsSource };

export function createReferralService(db: Database, { clock, settings }: ReferralServiceOptions) {
  /** The friend's bonus: a lot of the qualifying payment, expiring with the credits it bought. */
  async function grantFriendBonus(
    tx: Database,
    referral: ReferralRow,
    input: { paymentId: number; expiresAt: Date; school: CurrentSchoolSettings },
  ): Promise<number | null> {
    if (input.school.referralFriendCredits <= 0) return null;
    const lot = await grantCredits(tx, {
      userId: referral.friendId,
      credits: input.school.referralFriendCredits,
      expiresAt: input.expiresAt,
      source: 'referral',
      reason: 'referral',
      paymentId: input.paymentId,
    });
    return lot.id;
  }

  /**
   * The sponsor's reward for one due referral, in a transaction of its own: the referral's row and then
   * the sponsor's credits are locked, so two rewards of one sponsor (another process's job) count the
   * month's cap one after the other. A referral over the cap stays due and is rewarded in a later month.
   */
  async function rewardOne(id: number, now: Date): Promise<'rewarded' | 'qualified' | 'capped' | 'skipped'> {
    return db.transaction(async (tx) => {
      const referral = await lockReferral(tx, id);
      if (referral?.state !== 'purchased' || !(await isDue(tx, id, now))) return 'skipped';
      const sponsor = await findAccount(tx, referral.sponsorId);
      // A teacher holds no credits: the referral is marked as met, for the school to thank them its own way.
      if (sponsor?.role !== 'user') {
        await updateReferral(tx, id, { state: 'qualified', updatedAt: now });
        return 'qualified';
      }
      await lockUserCredits(tx, sponsor.id);
      const school = await settings.current(tx);
      const rewards = await countRewards(tx, sponsor.id, monthOf(now, school.timeZone));
      if (rewards >= school.referralMonthlyCap) return 'capped';
      const lot =
        school.referralSponsorCredits > 0
          ? await grantCredits(tx, {
              userId: sponsor.id,
              credits: school.referralSponsorCredits,
              expiresAt: new Date(now.getTime() + ADMIN_GRANT_VALID_DAYS * DAY_MS),
              source: 'referral',
              reason: 'referral',
            })
          : undefined;
      await updateReferral(tx, id, {
        state: 'rewarded',
        sponsorLotId: lot?.id ?? null,
        rewardedAt: now,
        updatedAt: now,
      });
      return 'rewarded';
    });
  }

  async function forAccount(userId: number): Promise<UserReferrals> {
    const account = await findAccount(db, userId);
    if (!account) throw new AppError('NOT_FOUND', 'This user does not exist.');
    const [school, invitees] = await Promise.all([settings.current(), listInvitees(db, userId)]);
    return {
      url_name: urlNameOf(account),
      url_name_chosen: account.urlNameChosenAt !== null,
      offer: offerOf(school),
      invitees: invitees.map((row) => ({
        id: row.id,
        display_name: firstNameAndInitial(row.name),
        state: row.state,
        signed_up_at: row.createdAt.toISOString(),
      })),
    };
  }

  async function adminRow(id: number): Promise<AdminReferral> {
    const row = await findReferralWithNames(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'This referral does not exist.');
    return toAdminDto(row);
  }

  return {
    /** GET sponsor/:url_name: SPEC.md's userUrlInfoData; 404 clears the visitor's sponsor. */
    async lookup(raw: string): Promise<SponsorInfo> {
      const urlName = raw.trim().toLowerCase();
      const id = Number(DEFAULT_NAME_ID.exec(urlName)?.[1]);
      const sponsor =
        (await findAccountByUrlName(db, urlName)) ??
        (Number.isSafeInteger(id) && id <= INT4_MAX
          ? await findAccount(db, id).then((account) =>
              // The whole default name, not its id alone: ids in turn must not list the school's people.
              account?.urlName === null && urlName === defaultUrlName(account.name, account.id)
                ? account
                : undefined,
            )
          : undefined);
      if (!canSponsor(sponsor)) throw new AppError('NOT_FOUND', NOT_FOUND);
      return {
        enrolling_sponsor_name: firstNameAndInitial(sponsor.name),
        id: sponsor.id,
        user_type: sponsor.role,
        offer: offerOf(await settings.current()),
      };
    },

    forAccount,

    /** POST user-url-name: the owner's choice, once; a name another account has is refused. */
    async chooseUrlName(userId: number, urlName: string): Promise<UserReferrals> {
      const account = await findAccount(db, userId);
      if (!account) throw new AppError('NOT_FOUND', 'This user does not exist.');
      // A hyphen and digits end the default links, found by the id they name.
      if (DEFAULT_NAME_ID.test(urlName) && urlName !== defaultUrlName(account.name, account.id)) {
        const message = 'Only your own default link may end with a hyphen and digits.';
        throw new AppError('VALIDATION', message, { url_name: [message] });
      }
      try {
        if (!(await chooseUrlName(db, userId, urlName, nowOf(clock)))) {
          throw new AppError('CONFLICT', 'Your URL name was already chosen; it cannot change again.');
        }
      } catch (error) {
        if (!isUniqueViolation(error, 'users_url_name_unique')) throw error;
        const message = 'Another account has this URL name. Try another.';
        throw new AppError('CONFLICT', message, { url_name: [message] });
      }
      return forAccount(userId);
    },

    /**
     * In the sign-up's transaction: the sponsor of the new account, when the id names an active learner
     * or teacher other than the friend. An unknown sponsor never stops a sign-up; it is simply not kept.
     */
    async recordSponsor(tx: Database, friendId: number, sponsorId: number | null | undefined): Promise<void> {
      if (!sponsorId || sponsorId === friendId) return;
      if (!canSponsor(await findAccount(tx, sponsorId))) return;
      await insertReferral(tx, { sponsorId, friendId, now: nowOf(clock) });
    },

    /**
     * In the transaction that records a paid purchase (checkout): the friend's first one starts the
     * referral's hold and grants their bonus, or holds it for an administrator when the friend's mailbox
     * is the sponsor's or the card that paid has paid for the sponsor (the provider's card fingerprint).
     * Later purchases find the referral past signed_up and do nothing.
     */
    async paymentMade(
      tx: Database,
      input: { userId: number; paymentId: number; expiresAt: Date },
    ): Promise<void> {
      const referral = await lockReferralOfFriend(tx, input.userId);
      if (referral?.state !== 'signed_up') return;
      const now = nowOf(clock);
      const school = await settings.current(tx);
      const [friend, sponsor] = await Promise.all([
        findAccount(tx, referral.friendId),
        findAccount(tx, referral.sponsorId),
      ]);
      const sameMailbox =
        friend !== undefined &&
        sponsor !== undefined &&
        normaliseEmail(friend.email) === normaliseEmail(sponsor.email);
      const flag = sameMailbox
        ? ('same_email' as const)
        : (await paidWithSponsorsCard(tx, input.paymentId, referral.sponsorId))
          ? ('same_card' as const)
          : null;
      const holdUntil = new Date(now.getTime() + school.referralHoldDays * DAY_MS);
      if (flag) {
        await updateReferral(tx, referral.id, {
          state: 'held',
          flag,
          paymentId: input.paymentId,
          holdUntil,
          updatedAt: now,
        });
        return;
      }
      const friendLotId = await grantFriendBonus(tx, referral, { ...input, school });
      await updateReferral(tx, referral.id, {
        state: 'purchased',
        paymentId: input.paymentId,
        friendLotId,
        holdUntil,
        updatedAt: now,
      });
    },

    /**
     * In a refund's or dispute's transaction, after the payment's lots (the friend's bonus among them) were
     * taken back: a referral that payment qualified is withdrawn; one already rewarded loses the unused
     * part of the sponsor's reward too. A second refund event finds it withdrawn and does nothing.
     */
    async paymentReversed(
      tx: Database,
      paymentId: number,
      input: { now: Date; note: string; actorId: number | null },
    ): Promise<void> {
      for (const referral of await lockReferralsOfPayment(tx, paymentId)) {
        if (referral.state === 'withdrawn' || referral.state === 'rejected') continue;
        const sponsorLot =
          referral.sponsorLotId === null ? undefined : await findLot(tx, referral.sponsorLotId);
        if (sponsorLot) await clawBackLot(tx, sponsorLot, input);
        await updateReferral(tx, referral.id, { state: 'withdrawn', updatedAt: input.now });
      }
    },

    /** The job's sweep: every due referral rewarded (or left for next month by the cap); returns how many. */
    async rewardDue(): Promise<number> {
      const now = nowOf(clock);
      let rewarded = 0;
      for (;;) {
        const ids = await dueReferralIds(db, now, DUE_BATCH);
        const outcomes = [];
        for (const id of ids) outcomes.push(await rewardOne(id, now));
        rewarded += outcomes.filter((outcome) => outcome === 'rewarded').length;
        // Capped referrals stay due: stop once a batch moved none of them on.
        if (ids.length < DUE_BATCH || outcomes.every((outcome) => outcome === 'capped')) return rewarded;
      }
    },

    rewardOne: (id: number) => rewardOne(id, nowOf(clock)),

    /** POST admin-referral/:id/decision: a held referral approved (the friend's bonus now) or rejected. */
    async decide(adminId: number, id: number, body: AdminReferralDecisionBody): Promise<AdminReferral> {
      await db.transaction(async (tx) => {
        const referral = await lockReferral(tx, id);
        if (!referral) throw new AppError('NOT_FOUND', 'This referral does not exist.');
        if (referral.state !== 'held') throw new AppError('CONFLICT', 'Only a held referral can be decided.');
        const now = nowOf(clock);
        const decided = { decidedBy: adminId, decisionNote: body.reason, updatedAt: now };
        if (body.decision === 'reject') {
          await updateReferral(tx, id, { ...decided, state: 'rejected' });
          return;
        }
        const payment = referral.paymentId;
        if (payment === null || !(await paymentStands(tx, payment))) {
          await updateReferral(tx, id, { ...decided, state: 'withdrawn' });
          return;
        }
        const lot = await purchasedLotOf(tx, payment);
        const expiresAt = lot?.expiresAt ?? new Date(now.getTime() + ADMIN_GRANT_VALID_DAYS * DAY_MS);
        const school = await settings.current(tx);
        const friendLotId = await grantFriendBonus(tx, referral, { paymentId: payment, expiresAt, school });
        await updateReferral(tx, id, { ...decided, state: 'purchased', friendLotId });
      });
      return adminRow(id);
    },

    /** GET admin-referrals. */
    async adminList(page: number): Promise<AdminReferrals> {
      const school = await settings.current();
      const since = monthOf(nowOf(clock), school.timeZone, TOTAL_MONTHS - 1).from;
      const [rows, total, totals] = await Promise.all([
        pageReferrals(db, { offset: pageOffset(page), limit: PAGE_SIZE }),
        countReferrals(db),
        monthTotals(db, school.timeZone, since),
      ]);
      const months = new Map<string, ReferralMonth>();
      const monthRow = (key: string) => {
        const known = months.get(key);
        if (known) return known;
        const row = { month: key, signed_up: 0, rewarded: 0, friend_credits: 0, sponsor_credits: 0 };
        months.set(key, row);
        return row;
      };
      for (const { month: key, n } of totals.signedUp) monthRow(key).signed_up = n;
      for (const { month: key, n } of totals.rewarded) monthRow(key).rewarded = n;
      for (const { month: key, n } of totals.friendCredits) monthRow(key).friend_credits = n;
      for (const { month: key, n } of totals.sponsorCredits) monthRow(key).sponsor_credits = n;
      const referrals: Paginated<AdminReferral> = toPage(rows.map(toAdminDto), total, page);
      return {
        referrals,
        months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month)),
      };
    },

    /** GET admin-user-referrals/:id. */
    async aroundUser(userId: number): Promise<AdminUserReferrals> {
      if (!(await findAccount(db, userId))) throw new AppError('NOT_FOUND', 'This user does not exist.');
      const rows = await referralsAround(db, userId);
      const asFriend = rows.find((row) => row.friendId === userId);
      return {
        sponsor: asFriend
          ? { id: asFriend.sponsorId, name: asFriend.sponsorName, state: asFriend.state }
          : null,
        sponsored: rows
          .filter((row) => row.sponsorId === userId)
          .map((row) => ({ id: row.friendId, name: row.friendName, state: row.state })),
      };
    },
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;
