import type { MailAttachment } from '../../db/schema/mail-outbox';
import type { RenderedMail } from './render-mail';

// The mails' own types, apart from the mailer: the templates make OutgoingMails and the mailer draws
// drafts with a template, so the templates taking them from mailer.ts would close an import cycle.

export type MailKind =
  | 'password-reset'
  | 'booking-confirmed'
  | 'booking-cancelled'
  | 'booking-removed'
  | 'booking-moved'
  | 'class-message'
  | 'waitlist-promoted'
  | 'waitlist-skipped'
  | 'waitlist-closed'
  | 'class-cancelled'
  | 'class-changed'
  | 'class-reminder'
  | 'class-starting-soon'
  | 'receipt'
  | 'renewal-failed'
  | 'subscription-ended'
  | 'credits-expiring'
  | 'club-pass-granted'
  | 'club-pass-ending'
  | 'level-changed'
  | 'contact-enquiry'
  | 'contact-received'
  | 'contact-reply'
  | 'welcome'
  | 'account-exists'
  | 'email-verification'
  | 'teacher-invitation'
  | 'gift'
  | 'homework-reminder';

export type OutgoingMail = RenderedMail & {
  /** What caused the mail, e.g. `booking:12:booked`: with kind and recipient, the idempotency key. */
  event: string;
  kind: MailKind;
  to: string;
  /** Headers of this mail beyond Message-ID and Date (Reply-To, List-Unsubscribe). */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};
