import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countOrEstimate, type ListTotal } from '../../db/list-total';
import { builtOnce } from '../../db/prepared';
import { type MailOutboxRow, mailOutbox } from '../../db/schema/mail-outbox';

type NewMail = typeof mailOutbox.$inferInsert;

const insertOnce = builtOnce<NewMail>('insert_mail', (db) =>
  db
    .insert(mailOutbox)
    .values({
      event: sql.placeholder('event'),
      kind: sql.placeholder('kind'),
      recipient: sql.placeholder('recipient'),
      status: sql.placeholder('status'),
      subject: sql.placeholder('subject'),
      html: sql.placeholder('html'),
      text: sql.placeholder('text'),
      headers: sql.placeholder('headers'),
      attachments: sql.placeholder('attachments'),
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing({ target: [mailOutbox.event, mailOutbox.kind, mailOutbox.recipient] })
    .returning({ id: mailOutbox.id }),
);

/**
 * The new mail's id; undefined when this event already wrote this kind of mail to this recipient (the
 * idempotency key). Built once: cancels, promotions and reminders write one each.
 */
export async function insertMail(
  db: Database,
  values: Required<Omit<NewMail, 'id' | 'attempts' | 'lastError' | 'sentAt' | 'draft' | 'bodyRemovedAt'>>,
): Promise<number | undefined> {
  const [row] = await insertOnce(db, values);
  return row?.id as number | undefined;
}

/** How many mails of `kind` went to `recipient` from `since` on: the hourly budget's count. */
export async function countRecentMails(
  db: Database,
  { recipient, kind, since }: { recipient: string; kind: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, recipient),
        eq(mailOutbox.kind, kind),
        sql`${mailOutbox.createdAt} > ${since}`,
      ),
    );
  return row?.total ?? 0;
}

export async function findMail(db: Database, id: number): Promise<MailOutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

/**
 * Only a queued mail turns sent: a second delivery of the same job changes nothing. A draft's `drawn`
 * parts replace it.
 */
export async function markMailSent(
  db: Database,
  id: number,
  at: Date,
  drawn?: Pick<MailOutboxRow, 'subject' | 'html' | 'text' | 'attachments'>,
): Promise<void> {
  const content = drawn
    ? {
        subject: drawn.subject,
        html: drawn.html,
        text: drawn.text,
        attachments: drawn.attachments,
        draft: null,
      }
    : {};
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: at,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      ...content,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
}

export async function markMailAttemptFailed(
  db: Database,
  id: number,
  values: { error: string; final: boolean },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: values.error.slice(0, 1000),
      ...(values.final ? { status: 'failed' as const } : {}),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
}

export async function pageMails(
  db: Database,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: MailOutboxRow[]; total: ListTotal }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(offset),
    countOrEstimate(db, mailOutbox),
  ]);
  return { rows, total };
}

/** Marks the still unsent mails of these events as never to be sent, with why; returns how many. */
export async function withdrawMails(db: Database, events: string[], reason: string): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: reason })
    .where(and(inArray(mailOutbox.event, events), eq(mailOutbox.status, 'queued')))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Drops the body (HTML, text, attachments) of up to `limit` mails delivered before `sentBefore`, stamping
 * when; their rows stay, with subject and headers, for the idempotency key and the Outbox. Returns how many.
 */
export async function dropDeliveredBodies(
  db: Database,
  { sentBefore, now, limit }: { sentBefore: Date; now: Date; limit: number },
): Promise<number> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'sent'),
        isNull(mailOutbox.bodyRemovedAt),
        lt(mailOutbox.sentAt, sentBefore),
        // Always true of a sent mail (its drawn subject is stored when it leaves); the table's check needs it.
        isNotNull(mailOutbox.subject),
      ),
    )
    .limit(limit);
  const rows = await db
    .update(mailOutbox)
    .set({ html: null, text: null, attachments: [], draft: null, bodyRemovedAt: now })
    .where(inArray(mailOutbox.id, due))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
