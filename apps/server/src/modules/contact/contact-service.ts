import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import type { ContactBody, ContactMessage } from '@tokenly/contract/contact';
import type { Locale } from '@tokenly/i18n/locales';
import type { Database } from '../../db/client';
import type { ContactMessageRow } from '../../db/schema/contact-messages';
import { type Clock, nowOf } from '../../lib/clock';
import { pageOffset, toPage } from '../../lib/pagination';
import type { Mailer } from '../mail/mailer';
import { type ContactMailContext, contactMails } from '../mail/templates/contact-mail';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { insertContactMessage, pageContactMessages } from './contact-repository';

function toDto(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    course: row.course,
    message: row.message,
    created_at: row.createdAt.toISOString(),
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
          createdAt: nowOf(options.clock),
        });
        const context = { ...options.mail, school: await options.settings.current(tx) };
        for (const mail of contactMails(enquiry, context, locale)) await options.mailer.enqueue(tx, mail);
      });
    },

    async list(page: number): Promise<Paginated<ContactMessage>> {
      const { rows, total } = await pageContactMessages(db, { offset: pageOffset(page), limit: PAGE_SIZE });
      return toPage(rows.map(toDto), total, page);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
