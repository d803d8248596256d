import type { MailDraft, MailOutboxRow } from '../../db/schema/mail-outbox';
import { bookedClassOf } from '../bookings/bookings-repository';
import { drawClassMail, drawClassMailSubject } from './templates/class-mail';

/** An outbox row with its subject, parts and attachments, as it leaves or as the Outbox shows it. */
export type DrawnMail = MailOutboxRow & { subject: string; html: string; text: string };

/**
 * The row as sent: a rendered mail as it is, a draft (book-class's confirmation, written by one SQL
 * statement that cannot render it) drawn from its facts. Drawing the same draft again gives the same mail
 * but for nothing (the calendar file is stamped with the row's time), so the Outbox may draw a kept one
 * whenever it shows it.
 */
export function drawMail(row: MailOutboxRow, appUrl: string): DrawnMail {
  if (row.draft) {
    const draft = classMailDraft(row.draft);
    const drawn = drawClassMail(draft, bookedClassOf(draft), row, appUrl);
    return {
      ...row,
      subject: drawn.subject,
      html: drawn.html,
      text: drawn.text,
      attachments: drawn.attachments ?? [],
    };
  }
  const { subject, html, text } = row;
  // A delivered mail past MAIL_RETENTION_DAYS keeps its subject and headers, not its body.
  if (row.bodyRemovedAt !== null && subject !== null) return { ...row, subject, html: '', text: '' };
  // The table's check (mail_outbox_drawn_or_draft) makes this unreachable.
  if (subject === null || html === null || text === null) throw new Error(`Mail ${row.id} has no content.`);
  return { ...row, subject, html, text };
}

/** A mail's subject: stored, or drawn from its draft without the rest of the mail. */
export function subjectOf(row: MailOutboxRow): string {
  if (row.subject !== null) return row.subject;
  if (!row.draft) throw new Error(`Mail ${row.id} has no content.`);
  const draft = classMailDraft(row.draft);
  return drawClassMailSubject(draft, bookedClassOf(draft), row.kind);
}

// The one template a draft has today; a row naming another must not be drawn as a class mail.
function classMailDraft(draft: MailDraft): MailDraft {
  if (draft.template !== 'class-mail') throw new Error(`No template ${String(draft.template)} draws drafts.`);
  return draft;
}
