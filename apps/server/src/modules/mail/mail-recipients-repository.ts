import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';

export type MailRecipient = { id: number; email: string; name: string; timezone: string | null };

/** Who gets a mail, with the zone their times are written in (null: the school's APP_TIMEZONE). */
export async function findRecipients(db: Database, userIds: number[]): Promise<Map<number, MailRecipient>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, timezone: users.timezone })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row]));
}
