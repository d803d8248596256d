import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@tokenly/contract/messages';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { mailLocaleOf } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { accountExistsMail } from '../mail/templates/account-exists-mail';
import { welcomeMail } from '../mail/templates/welcome-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { setEmailVerificationHash, verifyEmailByHash } from './auth-repository';
import { hashToken } from './auth-service';

/**
 * A welcome mail at sign-up with a link that verifies the address. Only the token's
 * hash is kept (on the user: one live link per account, a new one replaces it). The link does not
 * expire: all it proves is that the owner reads that mailbox, and verifying blocks nothing yet.
 */
export function createEmailVerificationService(
  db: Database,
  {
    mailer,
    clock,
    appUrl,
    settings,
  }: { mailer: Mailer; clock: Clock; appUrl: string; settings: SchoolSettingsSource },
) {
  /** A new link for the user, mailed in the caller's transaction. */
  async function mailLink(tx: Database, user: UserRow, again: boolean): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const hash = hashToken(token);
    await setEmailVerificationHash(tx, user.id, hash);
    const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    // The hash names the event: each link is mailed once, a new link is a new mail.
    const { schoolName: school } = await settings.current(tx);
    await mailer.enqueue(
      tx,
      welcomeMail(
        `email-verification:${hash.slice(0, 32)}`,
        { email: user.email, locale: mailLocaleOf(user.locale) },
        { link, again, school },
      ),
    );
  }

  return {
    /** In the sign-up's transaction. */
    welcome: (tx: Database, user: UserRow) => mailLink(tx, user, false),

    /** Someone signed up with this account's address: its owner is told, with the ways back in. */
    async addressTaken(user: UserRow): Promise<void> {
      const { schoolName: school } = await settings.current(db);
      await db.transaction((tx) =>
        mailer.enqueue(
          tx,
          accountExistsMail(
            `account-exists:${randomBytes(16).toString('hex')}`,
            {
              email: user.email,
              name: user.emailVerifiedAt ? user.name : null,
              locale: mailLocaleOf(user.locale),
            },
            {
              loginLink: `${appUrl}/login`,
              resetLink: `${appUrl}/forgot-password`,
              school,
            },
          ),
        ),
      );
    },

    /** The learner's "send the link again"; nothing for an address already verified. */
    async resend(user: UserRow): Promise<void> {
      if (user.emailVerifiedAt) return;
      await db.transaction((tx) => mailLink(tx, user, true));
    },

    async verify(token: string): Promise<void> {
      const user = await verifyEmailByHash(db, hashToken(token), nowOf(clock));
      if (!user) throw new AppError('NOT_FOUND', MESSAGES.verificationLinkInvalid);
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
