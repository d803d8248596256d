import type { Database } from '../../db/client';
import { findMailSwitches, mailTokenOf } from '../mail/mail-preferences-repository';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import { clubPassGrantedMail } from '../mail/templates/club-pass-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';

/**
 * The mail that days were added to a learner's pass, written in the transaction that adds them, so
 * the mail exists exactly when the days do. A learner who turned credit notices off gets none (the
 * receipt of a paid period still comes).
 */
export function createClubPassMails(
  mailer: Mailer,
  options: { appUrl: string; settings: SchoolSettingsSource },
) {
  return {
    async added(tx: Database, change: { userId: number; eventId: number; endsAt: Date }): Promise<void> {
      const [switches, recipients] = await Promise.all([
        findMailSwitches(tx, change.userId),
        findRecipients(tx, [change.userId]),
      ]);
      const to = recipients.get(change.userId);
      if (!to || !switches?.mailCreditNotices) return;
      const token = await mailTokenOf(tx, to.id);
      const context = { appUrl: options.appUrl, school: await options.settings.current(tx) };
      await mailer.enqueue(tx, clubPassGrantedMail(to, change, context, token));
    },
  };
}

export type ClubPassMails = ReturnType<typeof createClubPassMails>;
