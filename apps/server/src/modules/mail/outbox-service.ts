import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import type { OutboxMail, OutboxMailDetail } from '@tokenly/contract/mail';
import type { Database } from '../../db/client';
import type { MailOutboxRow } from '../../db/schema/mail-outbox';
import { AppError } from '../../lib/app-error';
import { pageOffset, toPage } from '../../lib/pagination';
import { drawMail, subjectOf } from './draw-mail';
import { findMail, pageMails } from './mail-outbox-repository';

function toRow(mail: MailOutboxRow): OutboxMail {
  return {
    id: mail.id,
    kind: mail.kind,
    recipient: mail.recipient,
    subject: subjectOf(mail),
    status: mail.status,
    attempts: mail.attempts,
    last_error: mail.lastError,
    created_at: mail.createdAt.toISOString(),
    sent_at: mail.sentAt?.toISOString() ?? null,
  };
}

/**
 * The admin Outbox screen: what was sent, or with no SMTP server, what would have been. A draft not sent
 * yet is drawn to be shown: the list draws only its subject, one mail the whole of it (drawMail).
 */
export function createOutboxService(db: Database, options: { appUrl: string }) {
  return {
    async list(page: number): Promise<Paginated<OutboxMail>> {
      const { rows, total } = await pageMails(db, { offset: pageOffset(page), limit: PAGE_SIZE });
      return toPage(rows.map(toRow), total, page);
    },

    async get(id: number): Promise<OutboxMailDetail> {
      const found = await findMail(db, id);
      if (!found) throw new AppError('NOT_FOUND', 'No such mail.');
      const mail = drawMail(found, options.appUrl);
      return {
        ...toRow(mail),
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        attachments: mail.attachments.map((file) => ({
          filename: file.filename,
          content_type: file.contentType,
          content: file.content,
        })),
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
