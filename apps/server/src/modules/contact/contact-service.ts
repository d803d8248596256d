import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import type { ContactBody, ContactMessage } from '@tokenly/contract/contact';
import type { Locale } from '@tokenly/i18n/locales';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import type { Mailer } from '../mail/mailer';
import { type ContactMailContext, contactMails, contactReplyMail } from '../mail/templates/contact-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import {
  type ContactMessageWithReplier,
  closeContactMessage,
  findContactMessage,
  findContactMessageWithReplier,
  insertContactMessage,
  pageContactMessages,
  saveContactReply,
} from './contact-repository';

const NOT_FOUND = 'This message does not exist.';

function toDto(row: ContactMessageWithReplier): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    course: row.course,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    reply: row.reply,
    replied_at: row.repliedAt?.toISOString() ?? null,
    replied_by: row.repliedByName,
  };
}

/** The contact form: each enquiry stored with its two mails in one transaction. */
export function createContactService(
  db: Database,
  options: {
    mailer: Mailer;
    clock: Clock;
    settings: SchoolSettingsSource;
    mail: Pick<ContactMailContext, 'appUrl'>;
  },
) {
  async function get(id: number): Promise<ContactMessage> {
    const row = await findContactMessageWithReplier(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return toDto(row);
  }

  return {
    /** The enquiry, its mail to the school and the sender's receipt in `locale`, the form's language. */
    async send(body: Required<ContactBody>, locale: Locale): Promise<void> {
      await db.transaction(async (tx) => {
        const enquiry = await insertContactMessage(tx, {
          name: body.name,
          email: body.email,
          phone: body.phone === '' ? null : body.phone,
          course: body.course,
          message: body.message,
          locale,
          createdAt: nowOf(options.clock),
        });
        const context = { ...options.mail, school: await options.settings.current(tx) };
        for (const mail of contactMails(enquiry, context, locale)) await options.mailer.enqueue(tx, mail);
      });
    },

    /**
     * The school's answer: mailed to the sender through the outbox and kept with the message, in one
     * transaction. A follow-up replaces the kept answer (each one's mail stays in the outbox), and an answer
     * to a closed message opens it again as replied.
     */
    async reply(adminId: number, id: number, reply: string): Promise<ContactMessage> {
      await db.transaction(async (tx) => {
        const enquiry = await findContactMessage(tx, id, { forUpdate: true });
        if (!enquiry) throw new AppError('NOT_FOUND', NOT_FOUND);
        await saveContactReply(tx, id, { text: reply, at: nowOf(options.clock), by: adminId });
        const context = { ...options.mail, school: await options.settings.current(tx) };
        await options.mailer.enqueue(tx, contactReplyMail(enquiry, reply, context));
      });
      return get(id);
    },

    /** Nothing more to do about it; closing a closed message changes nothing. */
    async close(id: number): Promise<ContactMessage> {
      if (!(await closeContactMessage(db, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
      return get(id);
    },

    async list(page: number): Promise<Paginated<ContactMessage>> {
      const { rows, total } = await pageContactMessages(db, { offset: pageOffset(page), limit: PAGE_SIZE });
      return toPage(rows.map(toDto), total, page);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
