import { URL_NAME_PATTERN } from '@tokenly/contract/constants';
import { sessionStore } from '../../../lib/session';

/**
 * A sponsor link was opened (/r/{url name} or ?ref=): SPEC.md section 4's userUrlName is kept at once, and
 * the look-up (InvitedBy) adds userUrlInfoData and referal_id, or clears them all for an unknown name. A
 * different name first clears the sponsor kept before, so an old look-up never stands for the new name.
 */
export function captureSponsor(raw: string): void {
  const urlName = raw.trim().toLowerCase();
  const current = sessionStore.get().userUrlName;
  if (urlName === current) return;
  sessionStore.clearUrlName();
  if (URL_NAME_PATTERN.test(urlName)) sessionStore.setUrlName(urlName);
}
