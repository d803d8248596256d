import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Browsers that have signed in to an account (OWASP's device cookies): a lock on the account's sign-in,
 * which anyone can set off by failing on purpose, does not stop the owner's own browser. Only the
 * cookie token's sha256 is kept.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_hash_unique').on(t.tokenHash),
    index('trusted_devices_user_id_idx').on(t.userId),
    // The retention job's purge of expired rows.
    index('trusted_devices_expires_at_idx').on(t.expiresAt),
  ],
);
