import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContactMessageRow, contactMessages } from '../../db/schema/contact-messages';

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
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
