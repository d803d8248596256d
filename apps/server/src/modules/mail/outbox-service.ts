import { PAGE_SIZE, type Paginated } from '@tokenly/contract/common';
import type { OutboxMail, OutboxMailDetail } from '@tokenly/contract/mail';
import type { Database } from '../../db/client';
import type { MailOutboxRow } from '../../db/schema/mail-outbox';
import { AppError } from '../../lib/app-error';
import { hideUrlSecrets } from '../../lib/logged-url';
import { pageOffset, toPage } from '../../lib/pagination';
import { drawMail, subjectOf } from './draw-mail';
import { findMail, pageMails } from './mail-outbox-repository';

/** What the Outbox shows in place of a link's secret. */
export const SECRET_MASK = '…';

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
    body_removed_after_days: bodyRemovedAfterDays(mail),
  };
}

const DAY_MS = 24 * 60 * 60_000;

/** Whole days from its sending to the removal of its body; null while it has its body. */
function bodyRemovedAfterDays({ sentAt, bodyRemovedAt }: MailOutboxRow): number | null {
  if (bodyRemovedAt === null) return null;
  return Math.floor((bodyRemovedAt.getTime() - (sentAt ?? bodyRemovedAt).getTime()) / DAY_MS);
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

    /**
     * One mail as it left, but for the secrets of its links: a reset, invitation, verification,
     * unsubscribe or calendar-feed link opens its recipient's account or mail, and every administrator
     * reads the Outbox. SMTP gets the mail as it is (mail.deliver draws it without this).
     */
    async get(id: number): Promise<OutboxMailDetail> {
      const found = await findMail(db, id);
      if (!found) throw new AppError('NOT_FOUND', 'No such mail.');
      const mail = drawMail(found, options.appUrl);
      const hide = (content: string) => hideUrlSecrets(content, SECRET_MASK);
      return {
        ...toRow(mail),
        html: hide(mail.html),
        text: hide(mail.text),
        headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, hide(value)])),
        attachments: mail.attachments.map((file) => ({
          filename: file.filename,
          content_type: file.contentType,
          content: hide(file.content),
        })),
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
