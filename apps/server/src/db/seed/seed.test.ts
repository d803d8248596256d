import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowOf, systemClock } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords';
import { toLocalDateTime } from '../../lib/time-zone';
import { ensureAdmin } from '../../modules/auth/auth-service';
import { temporaryFileStore } from '../../test/temporary-file-store';
import { createTestDatabase, PARITY_DATABASE_KINDS, type TestDatabase } from '../../test/test-database';
import type { Database } from '../client';
import { bookings } from '../schema/bookings';
import { classMaterials } from '../schema/class-materials';
import { classSeries } from '../schema/class-series';
import { courses } from '../schema/courses';
import { homeworkSubmissions, homeworkTasks } from '../schema/homework';
import { userLevelChanges } from '../schema/levels';
import { classNotes } from '../schema/progress';
import { referrals } from '../schema/referrals';
import { schedules } from '../schema/schedules';
import { tokenPlans } from '../schema/token-plans';
import { users } from '../schema/users';
import { createUser } from './factories';
import { DEMO_LOGINS, DEMO_SPONSOR_URL_NAME, seedDemoData } from './seed';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_ZONE = 'Europe/London';

describe.each(PARITY_DATABASE_KINDS)('demo seed on %s', (kind) => {
  let test: TestDatabase;
  let db: Database;
  const now = nowOf(systemClock);
  const store = temporaryFileStore();
  const files = store.files;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
    db = test.database.db;
    expect(await seedDemoData(db, { timeZone: TIME_ZONE, now, files })).toBe(true);
  });
  afterAll(async () => {
    await test.destroy();
    store.remove();
  });

  it("gives the demo learner's latest class a worksheet, stored as a PDF, and a link", async () => {
    const materials = await db.select().from(classMaterials);
    expect(materials.map((material) => [material.kind, material.title])).toEqual([
      ['file', 'Worksheet'],
      ['link', 'Small talk phrases (British Council)'],
    ]);
    const stored = await files.get(materials[0]?.fileKey ?? '');
    expect(stored?.contentType).toBe('application/pdf');
    expect((await buffer(stored?.body ?? Readable.from([]))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("gives the demo learner's latest class a task still to do, and the class before one marked done", async () => {
    const tasks = await db.select().from(homeworkTasks).orderBy(asc(homeworkTasks.dueAt));
    expect(tasks.map((task) => task.dueAt > now)).toEqual([false, true]);
    const [answer] = await db.select().from(homeworkSubmissions);
    expect(answer).toMatchObject({ taskId: tasks[0]?.id });
    expect(answer?.comment).toMatch(/^Great work/);
    expect(answer?.doneAt).not.toBeNull();
  });

  it('creates the token packages and memberships of SPEC.md section 9, in cents', async () => {
    const plans = await db.select().from(tokenPlans).orderBy(asc(tokenPlans.sortOrder));
    expect(plans.map((plan) => [plan.kind, plan.tokenCredit, plan.amount, plan.intervalMonths])).toEqual([
      ['package', 4, 2800, null],
      ['package', 8, 5000, null],
      ['package', 12, 7000, null],
      ['package', 16, 9000, null],
      ['membership', 8, 4700, 1],
      ['membership', 12, 6500, 1],
      ['membership', 48, 23500, 6],
      ['membership', 96, 45000, 12],
      ['club', 0, 2000, 1],
    ]);
    expect(plans.every((plan) => plan.active && plan.tokenExpiry > 0)).toBe(true);
  });

  it('creates a weekly series of Monday and Wednesday evenings at 18:00 school time', async () => {
    const [series] = await db.select().from(classSeries);
    expect(series).toMatchObject({ weekdays: [1, 3], startTime: '18:00', timeZone: TIME_ZONE });
    const classes = await db
      .select()
      .from(schedules)
      .where(eq(schedules.seriesId, series?.id ?? 0));
    expect(classes).toHaveLength(16);
    expect(classes.every((row) => row.startsAt > now)).toBe(true);
  });

  it('creates the class types of SPEC.md with distinct colours', async () => {
    const types = await db.select().from(courses);
    const byTitle = new Map(types.map((type) => [type.courseTitle, type]));
    expect(byTitle.get('Core Flex')?.numberToken).toBe(1);
    expect(byTitle.get('Core Flex Plus')?.numberToken).toBe(2);
    for (const title of [
      'Conversation Club',
      'General English',
      'IT Certifications',
      'Leadership',
      'Web Development',
      'Communication',
      'Business Analytics & Intelligence',
    ]) {
      expect(byTitle.has(title), title).toBe(true);
    }
    const colours = types.map((type) => type.courseColor);
    expect(new Set(colours).size).toBe(types.length);
    expect(colours.every((colour) => /^#[0-9A-F]{6}$/i.test(colour ?? ''))).toBe(true);
  });

  it('schedules about 30 one-off future classes over four weeks at sensible local hours', async () => {
    const rows = await db
      .select()
      .from(schedules)
      .where(and(isNull(schedules.seriesId), gt(schedules.startsAt, now)));
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows.length).toBeLessThanOrEqual(35);

    const types = new Map((await db.select().from(courses)).map((type) => [type.id, type]));
    const groupSize: Record<string, number> = { 'Core Flex': 8, 'Core Flex Plus': 4 };
    for (const row of rows) {
      expect(row.startsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(row.startsAt.getTime()).toBeLessThan(now.getTime() + 29 * DAY_MS);
      const local = toLocalDateTime(row.startsAt, TIME_ZONE);
      expect(local.hour).toBeGreaterThanOrEqual(8);
      expect(local.hour).toBeLessThanOrEqual(20);
      const type = types.get(row.courseId);
      expect(row.numberToken).toBe(type?.numberToken);
      const expectedSize = groupSize[type?.courseTitle ?? ''];
      if (expectedSize) expect(row.noOfUsers).toBe(expectedSize);
      // Left to the rooms job, which makes each a room of the school's provider.
      expect(row.meetingLink).toBeNull();
      expect(row.meetingStart).toBeNull();
      expect(row.teacherId).toBeTruthy();
      expect(row.durationMin).toBe(50);
      expect(row.seatsTaken).toBe(0);
    }
  });

  it('creates the demo admin, learner and teacher with working passwords', async () => {
    const accounts = await db.select().from(users);
    for (const [role, login] of [
      ['admin', DEMO_LOGINS.admin],
      ['user', DEMO_LOGINS.learner],
      ['teacher', DEMO_LOGINS.teacher],
    ] as const) {
      const account = accounts.find((user) => user.email === login.email);
      expect(account?.role).toBe(role);
      expect(await verifyPassword(account?.passwordHash ?? '', login.password)).toBe(true);
    }
  });

  it('gives the demo learner a sponsor link and a friend who signed up through it', async () => {
    const [learner] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS.learner.email));
    expect(learner?.urlName).toBe(DEMO_SPONSOR_URL_NAME);
    const [referral] = await db
      .select()
      .from(referrals)
      .where(eq(referrals.sponsorId, learner?.id ?? 0));
    expect(referral).toMatchObject({ state: 'signed_up' });
  });

  it("gives the demo learner four attended past classes, two with the demo teacher's note", async () => {
    const [learner] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS.learner.email));
    const past = await db
      .select({ attendance: bookings.attendance, note: classNotes.workOn })
      .from(bookings)
      .innerJoin(schedules, eq(schedules.id, bookings.scheduleId))
      .leftJoin(classNotes, eq(classNotes.bookingId, bookings.id))
      .where(and(eq(bookings.userId, learner?.id ?? 0), lt(schedules.startsAt, now)));
    expect(past.map((row) => row.attendance)).toEqual(['attended', 'attended', 'attended', 'attended']);
    expect(past.filter((row) => row.note !== null)).toHaveLength(2);
  });

  it('gives class types CEFR ranges and the demo learner a level history from three sources', async () => {
    const ranges = await db.select({ min: courses.levelMin, max: courses.levelMax }).from(courses);
    expect(new Set(ranges.map((range) => `${range.min}-${range.max}`)).size).toBeGreaterThanOrEqual(4);
    const [learner] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS.learner.email));
    expect(learner?.cefrLevel).toBe(3);
    const history = await db
      .select({
        from: userLevelChanges.fromLevel,
        to: userLevelChanges.toLevel,
        source: userLevelChanges.source,
      })
      .from(userLevelChanges)
      .where(eq(userLevelChanges.userId, learner?.id ?? 0))
      .orderBy(asc(userLevelChanges.changedAt));
    expect(history).toEqual([
      { from: null, to: 3, source: 'sign_up' },
      { from: 3, to: 2, source: 'placement_test' },
      { from: 2, to: 3, source: 'admin' },
    ]);
  });

  it('does nothing on a database that already has data', async () => {
    const before = await db.$count(schedules);
    expect(await seedDemoData(db, { timeZone: TIME_ZONE, now, files })).toBe(false);
    expect(await db.$count(schedules)).toBe(before);
    expect(await db.$count(users)).toBe(5);
  });

  it('ensures the ADMIN_EMAIL admin: promotes an existing account and sets its password', async () => {
    const { user } = await createUser(db, { role: 'user' });
    const promoted = await ensureAdmin(db, { email: user.email, password: 'new admin secret' });
    expect(promoted).toMatchObject({ id: user.id, role: 'admin' });
    expect(await verifyPassword(promoted.passwordHash, 'new admin secret')).toBe(true);

    const created = await ensureAdmin(db, { email: 'owner@tokenly.test', password: 'owner secret' });
    expect(created.role).toBe('admin');
    const again = await ensureAdmin(db, { email: 'owner@tokenly.test', password: 'owner secret' });
    expect(again.id).toBe(created.id);
  });
});

describe('demo seed on a database that is not empty', () => {
  it('leaves a database with only a user untouched', async () => {
    const test = await createTestDatabase('pglite');
    try {
      await createUser(test.database.db);
      const { files, remove } = temporaryFileStore();
      expect(await seedDemoData(test.database.db, { timeZone: 'UTC', now: nowOf(systemClock), files })).toBe(
        false,
      );
      remove();
      expect(await test.database.db.$count(schedules, gt(schedules.id, 0))).toBe(0);
    } finally {
      await test.destroy();
    }
  });
});
