import type { ReferralState } from '@tokenly/contract/referrals';

/** A referral's state as the administration screens say it. */
export const REFERRAL_STATE_WORDS: Record<ReferralState, string> = {
  signed_up: 'Signed up',
  purchased: 'Purchased, in its hold',
  held: 'Held for review',
  rewarded: 'Rewarded',
  qualified: 'Hold met (teacher: no credits)',
  withdrawn: 'Withdrawn (refunded)',
  rejected: 'Rejected',
};
