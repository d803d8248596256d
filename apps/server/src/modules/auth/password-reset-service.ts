import { randomBytes } from 'node:crypto';
import type { ResetPasswordBody } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { checkNewPassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import { mailLocaleOf } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates/password-reset-mail';
import { teacherInvitationMail } from '../mail/templates/teacher-invitation-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findUserByEmail, updateUser } from './auth-repository';
import { hashToken } from './auth-service';
import {
  claimResetToken,
  expireResetTokensOf,
  findResetTokenWithUser,
  insertResetToken,
} from './password-reset-repository';
import { deleteAllSessions } from './session-repository';
import { forgetTrustedDevices } from './trusted-device-repository';

// A reset link works once, for an hour.
export const RESET_LINK_MINUTES = 60;
// A new teacher may not read the invitation within the hour; the link is the same kind.
export const INVITATION_LINK_DAYS = 7;

export function createPasswordResetService(
  db: Database,
  {
    mailer,
    clock,
    appUrl,
    settings,
  }: { mailer: Mailer; clock: Clock; appUrl: string; settings: SchoolSettingsSource },
) {
  return {
    /**
     * Mails a single-use link when the account exists and does nothing otherwise; the route answers the
     * same either way. Only the token's hash is stored; the raw token exists in the mail alone.
     */
    async request(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      // A disabled account could not sign in with a new password; its owner is told so at sign-in.
      if (!user || user.disabledAt !== null) return;
      const now = nowOf(clock);
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        // Only the newest link works: an older one, perhaps in a mailbox someone else reads, dies now.
        await expireResetTokensOf(tx, user.id, now);
        const row = await insertResetToken(tx, {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
          now,
        });
        const to = {
          email: user.email,
          name: user.emailVerifiedAt ? user.name : null,
          locale: mailLocaleOf(user.locale),
        };
        const mail = passwordResetMail(`password-reset:${row.id}`, to, {
          link: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
          validMinutes: RESET_LINK_MINUTES,
          school: (await settings.current(tx)).schoolName,
        });
        await mailer.enqueue(tx, mail);
      });
    },

    /**
     * Mails a new teacher a link to set their first password, in the caller's transaction (the account
     * and its invitation exist together or not at all). Earlier links of the account stop working.
     */
    async invite(tx: Database, user: { id: number; email: string; name: string }): Promise<void> {
      const now = nowOf(clock);
      const token = randomBytes(32).toString('base64url');
      await expireResetTokensOf(tx, user.id, now);
      const row = await insertResetToken(tx, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60_000),
        now,
      });
      const mail = teacherInvitationMail(`teacher-invitation:${row.id}`, user, {
        link: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
        validDays: INVITATION_LINK_DAYS,
        school: (await settings.current(tx)).schoolName,
      });
      await mailer.enqueue(tx, mail);
    },

    /**
     * Sets the new password, uses up every link of the account and signs out all its sessions. The link
     * is read first, so a password the rule refuses leaves it usable; a disabled account's links are dead.
     */
    async reset(body: ResetPasswordBody): Promise<void> {
      const now = nowOf(clock);
      const tokenHash = hashToken(body.token);
      const found = await findResetTokenWithUser(db, tokenHash);
      if (!found || found.user.disabledAt !== null)
        throw new AppError('NOT_FOUND', MESSAGES.resetLinkInvalid);
      if (found.token.usedAt) throw new AppError('CONFLICT', MESSAGES.resetLinkUsed);
      if (found.token.expiresAt <= now) throw new AppError('CONFLICT', MESSAGES.resetLinkExpired);
      checkNewPassword(body.password, found.user.email);
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        // Claimed with a conditional update: of two requests with the same link, one wins.
        const claimed = await claimResetToken(tx, tokenHash, now);
        if (!claimed) throw new AppError('CONFLICT', MESSAGES.resetLinkUsed);
        await updateUser(tx, claimed.userId, { passwordHash });
        await expireResetTokensOf(tx, claimed.userId, now);
        await deleteAllSessions(tx, claimed.userId);
        await forgetTrustedDevices(tx, claimed.userId);
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
