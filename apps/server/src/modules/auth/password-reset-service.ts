import { randomBytes } from 'node:crypto';
import type { ResetPasswordBody } from '@tokenly/contract/auth';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates/password-reset-mail';
import { teacherInvitationMail } from '../mail/templates/teacher-invitation-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findUserByEmail, updateUser } from './auth-repository';
import { hashToken } from './auth-service';
import {
  claimResetToken,
  expireResetTokensOf,
  findResetToken,
  insertResetToken,
} from './password-reset-repository';
import { deleteAllSessions } from './session-repository';

// Issue 12: a reset link works once, for an hour.
export const RESET_LINK_MINUTES = 60;
// Issue 13: a new teacher may not read the invitation within the hour; the link is the same kind.
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
        const row = await insertResetToken(tx, {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
          now,
        });
        const mail = passwordResetMail(`password-reset:${row.id}`, user, {
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

    /** Sets the new password, uses up every link of the account and signs out all its sessions. */
    async reset(body: ResetPasswordBody): Promise<void> {
      const now = nowOf(clock);
      const tokenHash = hashToken(body.token);
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const claimed = await claimResetToken(tx, tokenHash, now);
        if (!claimed) {
          const found = await findResetToken(tx, tokenHash);
          if (!found) throw new AppError('NOT_FOUND', MESSAGES.resetLinkInvalid);
          throw new AppError('CONFLICT', found.usedAt ? MESSAGES.resetLinkUsed : MESSAGES.resetLinkExpired);
        }
        await updateUser(tx, claimed.userId, { passwordHash });
        await expireResetTokensOf(tx, claimed.userId, now);
        await deleteAllSessions(tx, claimed.userId);
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
