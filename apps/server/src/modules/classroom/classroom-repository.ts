import { and, asc, desc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ClassRoomRow, classJoins, classRooms, type ROOM_END_REASONS } from '../../db/schema/classroom';
import { schedules } from '../../db/schema/schedules';
import { endsAfter } from '../schedules/schedules-repository';

/** Rooms made in one sweep at most, so a provider that answers slowly does not hold the job for long. */
const SWEEP_BATCH = 50;

export type RoomProviderName = ClassRoomRow['provider'];

/**
 * The room a class's Join opens: its open one, or one whose meeting BigBlueButton reported ended (everyone
 * left); entering again makes the meeting anew under the same name.
 */
export async function findCurrentRoom(db: Database, scheduleId: number): Promise<ClassRoomRow | undefined> {
  const [row] = await db
    .select()
    .from(classRooms)
    .where(
      and(
        eq(classRooms.scheduleId, scheduleId),
        or(isNull(classRooms.endedAt), eq(classRooms.endReason, 'meeting_ended')),
      ),
    )
    .orderBy(desc(classRooms.id))
    .limit(1);
  return row;
}

export async function findRoomByName(db: Database, roomName: string): Promise<ClassRoomRow | undefined> {
  const [row] = await db.select().from(classRooms).where(eq(classRooms.roomName, roomName));
  return row;
}

/** Open rooms to end: their class was cancelled, or the school now uses another provider (or none). */
export function roomsToEnd(db: Database, provider: RoomProviderName | 'manual') {
  return db
    .select({ room: classRooms, schedule: schedules })
    .from(classRooms)
    .innerJoin(schedules, eq(schedules.id, classRooms.scheduleId))
    .where(
      and(
        isNull(classRooms.endedAt),
        or(eq(schedules.status, 'cancelled'), ne(classRooms.provider, provider as RoomProviderName)),
      ),
    )
    .limit(SWEEP_BATCH);
}

/**
 * Classes still to end that need a room: those with no typed link and no room, and those whose room's
 * links were made for another start (they moved; tokens run around the start).
 */
export function classesNeedingRooms(db: Database, now: Date) {
  return db
    .select({ schedule: schedules, room: classRooms })
    .from(schedules)
    .leftJoin(classRooms, and(eq(classRooms.scheduleId, schedules.id), isNull(classRooms.endedAt)))
    .where(
      and(
        eq(schedules.status, 'scheduled'),
        endsAfter(now),
        or(
          and(isNull(classRooms.id), isNull(schedules.meetingLink)),
          ne(classRooms.startsAt, schedules.startsAt),
        ),
      ),
    )
    .orderBy(asc(schedules.startsAt), asc(schedules.id))
    .limit(SWEEP_BATCH);
}

type RoomValues = Omit<typeof classRooms.$inferInsert, 'id'>;

/**
 * Keeps the class's open room (a new one, or the same remade for a new start) and writes its links into
 * the class, where every surface that shows a class's links (and the release rule) already reads them.
 * A link an administrator typed meanwhile is left alone.
 */
export async function saveRoom(db: Database, current: ClassRoomRow | null, values: RoomValues) {
  await db.transaction(async (tx) => {
    if (current) await tx.update(classRooms).set(values).where(eq(classRooms.id, current.id));
    else await tx.insert(classRooms).values(values);
    await tx
      .update(schedules)
      .set({ meetingLink: values.learnerLink, meetingStart: values.hostLink })
      .where(
        and(
          eq(schedules.id, values.scheduleId),
          current ? eq(schedules.meetingLink, current.learnerLink) : isNull(schedules.meetingLink),
        ),
      );
  });
}

/** Ends a room and takes its links out of the class (unless an administrator typed others since). */
export async function endRoom(
  db: Database,
  room: ClassRoomRow,
  reason: (typeof ROOM_END_REASONS)[number],
  at: Date,
  { clearLinks }: { clearLinks: boolean },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(classRooms)
      .set({ endedAt: at, endReason: reason })
      .where(and(eq(classRooms.id, room.id), isNull(classRooms.endedAt)));
    if (clearLinks) {
      await tx
        .update(schedules)
        .set({ meetingLink: null, meetingStart: null })
        .where(and(eq(schedules.id, room.scheduleId), eq(schedules.meetingLink, room.learnerLink)));
    }
  });
}

export async function insertJoin(
  db: Database,
  values: { scheduleId: number; userId: number; joinedAt: Date; source: 'button' | 'bbb' },
) {
  await db.insert(classJoins).values(values);
}

/** The users a source already recorded in a class's room (BigBlueButton may report a meeting twice). */
export async function usersJoinedBy(db: Database, scheduleId: number, source: 'button' | 'bbb') {
  const rows = await db
    .selectDistinct({ userId: classJoins.userId })
    .from(classJoins)
    .where(and(eq(classJoins.scheduleId, scheduleId), eq(classJoins.source, source)));
  return rows.map((row) => row.userId);
}
