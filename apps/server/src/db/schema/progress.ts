import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { users } from './users';

/** A teacher's (or an administrator's) note on one learner after a class: one per booking, rewritable. */
export const classNotes = pgTable(
  'class_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    // Who wrote it last.
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    wentWell: varchar('went_well', { length: 1000 }).notNull(),
    workOn: varchar('work_on', { length: 1000 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('class_notes_booking_id_unique').on(t.bookingId)],
);

/**
 * A certificate of attendance as issued: what it says is kept, so its PDF and its verification page say
 * the same thing for ever, whatever happens to the learner's name, level or bookings later.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Random (120 bits, base64url): knowing one code tells nothing about another.
    code: varchar('code', { length: 32 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    learnerName: varchar('learner_name', { length: 255 }).notNull(),
    // The CEFR rank (1 = A1 … 6 = C2) at issue; null when the learner had none.
    level: smallint('level'),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    classes: integer('classes').notNull(),
    minutes: integer('minutes').notNull(),
    schoolName: varchar('school_name', { length: 255 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    revokeReason: varchar('revoke_reason', { length: 200 }),
  },
  (t) => [
    uniqueIndex('certificates_code_unique').on(t.code),
    index('certificates_user_id_issued_at_idx').on(t.userId, t.issuedAt),
    check('certificates_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('certificates_level_check', sql`${t.level} between 1 and 6`),
    check('certificates_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokeReason} is null)`),
  ],
);

export type ClassNoteRow = typeof classNotes.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
