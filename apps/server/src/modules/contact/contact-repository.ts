import { and, count, desc, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContactMessageRow, contactMessages } from '../../db/schema/contact-messages';
import { users } from '../../db/schema/users';

/** A message with the name of the administrator who replied (null until then). */
export type ContactMessageWithReplier = ContactMessageRow & { repliedByName: string | null };

export async function insertContactMessage(
  tx: Database,
  values: typeof contactMessages.$inferInsert,
): Promise<ContactMessageRow> {
  const [row] = await tx.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('insert into contact_messages returned no row');
  return row;
}

export async function pageContactMessages(
  db: Database,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: ContactMessageWithReplier[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...getTableColumns(contactMessages), repliedByName: users.name })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.repliedBy))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findContactMessage(
  db: Database,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ContactMessageRow | undefined> {
  const query = db.select().from(contactMessages).where(eq(contactMessages.id, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function findContactMessageWithReplier(
  db: Database,
  id: number,
): Promise<ContactMessageWithReplier | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(contactMessages), repliedByName: users.name })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.repliedBy))
    .where(eq(contactMessages.id, id));
  return row;
}

export async function saveContactReply(
  tx: Database,
  id: number,
  reply: { text: string; at: Date; by: number },
): Promise<void> {
  await tx
    .update(contactMessages)
    .set({ status: 'replied', reply: reply.text, repliedAt: reply.at, repliedBy: reply.by })
    .where(eq(contactMessages.id, id));
}

/** Closes the message; false when there is none. Closing a closed one changes nothing. */
export async function closeContactMessage(db: Database, id: number): Promise<boolean> {
  await db
    .update(contactMessages)
    .set({ status: 'closed' })
    .where(and(eq(contactMessages.id, id), ne(contactMessages.status, 'closed')));
  return (await findContactMessage(db, id)) !== undefined;
}
