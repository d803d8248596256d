import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema/users';

type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  // lower() on both sides uses the users_email_lower_unique index.
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return user;
}

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('insert into users returned no row');
  return user;
}

/** Marks the owner of this verification token verified (once); undefined when no account has it. */
export async function verifyEmailByHash(db: Database, hash: string, at: Date): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.emailVerificationHash, hash))
    .returning();
  return user;
}

export async function setEmailVerificationHash(db: Database, id: number, hash: string): Promise<void> {
  await db.update(users).set({ emailVerificationHash: hash }).where(eq(users.id, id));
}

export async function updateUser(
  db: Database,
  id: number,
  values: Partial<
    Pick<NewUser, 'name' | 'email' | 'passwordHash' | 'role' | 'timezone' | 'locale' | 'disabledAt'>
  >,
): Promise<UserRow | undefined> {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return user;
}
