import { PAGE_SIZE } from '@tokenly/contract/common';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import {
  type SchoolSettingsRow,
  schoolSettingChanges,
  schoolSettings,
} from '../../db/schema/school-settings';
import { users } from '../../db/schema/users';

export type StoredSchoolSettings = Omit<SchoolSettingsRow, 'id' | 'updatedAt'>;

/** The one row's id, for the statements that read it with others (the session lookup). */
export const SCHOOL_SETTINGS_ROW_ID = 1;
const ROW_ID = SCHOOL_SETTINGS_ROW_ID;

// Read by every request whose session came from memory (a signed-in read after the window's first) and
// then needs the settings, such as a learner's bookings: built once per database, where
// building it again each time was 8.7 % of that read's server samples.
const findSchoolSettingsIn = preparedPer((db: Database) =>
  db.select().from(schoolSettings).where(eq(schoolSettings.id, ROW_ID)).prepare('find_school_settings'),
);

/** A primary-key read of the one row, where no session lookup brought it (docs/decisions/015). */
export async function findSchoolSettings(db: Database): Promise<SchoolSettingsRow | undefined> {
  const [row] = await findSchoolSettingsIn(db).execute();
  return row;
}

/** Writes the first values unless a row is there: a restart with other variables changes nothing. */
export async function insertSchoolSettingsIfMissing(
  db: Database,
  values: StoredSchoolSettings,
): Promise<void> {
  await db
    .insert(schoolSettings)
    .values({ id: ROW_ID, ...values })
    .onConflictDoNothing({ target: schoolSettings.id });
}

/** The row, locked until the transaction ends, so two saves at once diff against each other's result. */
export async function lockSchoolSettings(tx: Database): Promise<SchoolSettingsRow | undefined> {
  const [row] = await tx.select().from(schoolSettings).where(eq(schoolSettings.id, ROW_ID)).for('update');
  return row;
}

export async function updateSchoolSettings(
  tx: Database,
  values: StoredSchoolSettings & { updatedAt: Date },
): Promise<SchoolSettingsRow | undefined> {
  const [row] = await tx.update(schoolSettings).set(values).where(eq(schoolSettings.id, ROW_ID)).returning();
  return row;
}

export async function insertSettingChanges(
  tx: Database,
  changes: (typeof schoolSettingChanges.$inferInsert)[],
): Promise<void> {
  if (changes.length > 0) await tx.insert(schoolSettingChanges).values(changes);
}

export function listSettingChanges(db: Database, offset: number) {
  return db
    .select({ change: schoolSettingChanges, adminName: users.name })
    .from(schoolSettingChanges)
    .innerJoin(users, eq(users.id, schoolSettingChanges.changedBy))
    .orderBy(desc(schoolSettingChanges.changedAt), desc(schoolSettingChanges.id))
    .limit(PAGE_SIZE)
    .offset(offset);
}

export function countSettingChanges(db: Database): Promise<number> {
  return db.$count(schoolSettingChanges);
}
