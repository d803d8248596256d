import { randomBytes } from 'node:crypto';
import type { Database } from '@tokenly/server/src/db/client';
import { authSessions } from '@tokenly/server/src/db/schema/auth-sessions';
import { schedules } from '@tokenly/server/src/db/schema/schedules';
import { users } from '@tokenly/server/src/db/schema/users';
import { createCourse } from '@tokenly/server/src/db/seed/factories';
import { hashPassword } from '@tokenly/server/src/lib/passwords';
import { hashToken } from '@tokenly/server/src/modules/auth/auth-service';
import { grantCredits } from '@tokenly/server/src/modules/credits/credit-service';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHUNK = 500;

export type BenchSize = { learners: number; classes: number; creditsEach: number; seatsEach: number };

/** The read paths are measured on 10,000 classes and 10,000 learners. */
export const BENCH_SIZE: BenchSize = { learners: 10_000, classes: 10_000, creditsEach: 20, seatsEach: 8 };

/** What the load generators need: bearer tokens and the ids they address, in insertion order. */
export type BenchData = {
  adminToken: string;
  /** A teacher who gives one class a day (teacher-classes). */
  teacherToken: string;
  learnerTokens: string[];
  learnerIds: number[];
  classIds: number[];
  /** The days (YYYY-MM-DD, UTC) that hold classes, for the calendar-by-date read path. */
  classDays: string[];
};

const newToken = () => randomBytes(32).toString('base64url');

async function insertUsers(
  db: Database,
  role: 'admin' | 'user' | 'teacher',
  count: number,
  passwordHash: string,
) {
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          name: `Bench ${role} ${start + i}`,
          email: `bench-${role}-${start + i}@tokenly.test`,
          passwordHash,
          role,
          level: role === 'user' ? 2 : null,
        })),
      )
      .returning({ id: users.id });
    const chunkTokens = rows.map(() => newToken());
    // Sessions are written directly (hashed as the server hashes them): signing 10,000 learners in
    // through argon2 would take minutes and measure nothing the bench is about.
    await db.insert(authSessions).values(
      rows.map((row, i) => ({
        userId: row.id,
        tokenHash: hashToken(chunkTokens[i] ?? ''),
        expiresAt: new Date(Date.now() + DAY_MS),
      })),
    );
    ids.push(...rows.map((row) => row.id));
    tokens.push(...chunkTokens);
  }
  return { ids, tokens };
}

/**
 * Learners with credits (through the server's own grantCredits, so lots and ledger agree), an admin,
 * and classes spread over the coming days, all bookable.
 */
export async function seedBenchData(db: Database, size: BenchSize = BENCH_SIZE): Promise<BenchData> {
  // One argon2 hash for every account: nobody signs in with a password here.
  const passwordHash = await hashPassword(newToken());
  const admin = await insertUsers(db, 'admin', 1, passwordHash);
  const teacher = await insertUsers(db, 'teacher', 1, passwordHash);
  const learners = await insertUsers(db, 'user', size.learners, passwordHash);

  const expiresAt = new Date(Date.now() + 90 * DAY_MS);
  for (let start = 0; start < learners.ids.length; start += CHUNK) {
    const chunk = learners.ids.slice(start, start + CHUNK);
    await db.transaction(async (tx) => {
      for (const userId of chunk) {
        await grantCredits(tx, {
          userId,
          credits: size.creditsEach,
          expiresAt,
          source: 'grant',
          reason: 'grant',
        });
      }
    });
  }

  const courses = [
    await createCourse(db, { courseTitle: 'Core Flex', numberToken: 1 }),
    await createCourse(db, { courseTitle: 'Conversation Club', courseColor: '#27AE60', numberToken: 1 }),
  ];
  // Classes from tomorrow on, 50 a day, on the hour and half hour from 06:00 UTC.
  const perDay = 50;
  const firstDay = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
  const classIds: number[] = [];
  const classDays = new Set<string>();
  // In chunks of one insert each, as the users above: one statement per class took most of a minute.
  for (let start = 0; start < size.classes; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, size.classes - start) }, (_, j) => {
      const i = start + j;
      const day = firstDay + Math.floor(i / perDay) * DAY_MS;
      const startsAt = new Date(day + 6 * 60 * 60 * 1000 + (i % perDay) * 15 * 60 * 1000);
      classDays.add(startsAt.toISOString().slice(0, 10));
      return {
        courseId: courses[i % courses.length]?.id ?? 0,
        title: `Bench class ${i}`,
        startsAt,
        noOfUsers: size.seatsEach,
        numberToken: 1,
        meetingLink: `https://meet.example.com/bench-${i}`,
        teacherId: i % perDay === 0 ? teacher.ids[0] : undefined,
      };
    });
    const inserted = await db.insert(schedules).values(rows).returning({ id: schedules.id });
    classIds.push(...inserted.map((row) => row.id));
  }

  return {
    adminToken: admin.tokens[0] ?? '',
    teacherToken: teacher.tokens[0] ?? '',
    learnerTokens: learners.tokens,
    learnerIds: learners.ids,
    classIds,
    classDays: [...classDays],
  };
}
