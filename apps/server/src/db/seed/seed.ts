import { eq } from 'drizzle-orm';
import type { FileStore } from '../../lib/file-store/file-store';
import { hashPassword, NO_PASSWORD } from '../../lib/passwords';
import { addDays, fromLocalDateTime, type LocalDate, toLocalDateTime } from '../../lib/time-zone';
import { setLevel } from '../../modules/levels/levels-repository';
import { insertReferral } from '../../modules/referrals/referrals-repository';
import { isoDate } from '../../modules/series/series-rule';
import type { Database } from '../client';
import { courses } from '../schema/courses';
import { classNotes } from '../schema/progress';
import { promoCodes } from '../schema/promo-codes';
import { tokenPlans } from '../schema/token-plans';
import { users } from '../schema/users';
import { seedDemoHomework } from './demo-homework';
import { seedDemoMaterials } from './demo-materials';
import { seedDemoSiteContent } from './demo-site-content';
import {
  createBooking,
  createClosedDay,
  createCourse,
  createSchedule,
  createSeries,
  createTokenPlan,
  createUser,
} from './factories';

export const DEMO_LOGINS = {
  admin: { email: 'admin@tokenly.test', password: 'Admin123!' },
  learner: { email: 'learner@tokenly.test', password: 'Learner123!' },
  teacher: { email: 'teacher@tokenly.test', password: 'Teacher123!' },
} as const;

/** The demo school's live promo code: 10% off a package, once per learner. */
export const DEMO_PROMO_CODE = 'WELCOME10';

/** The demo learner's sponsor link: /r/demo-learner. */
export const DEMO_SPONSOR_URL_NAME = 'demo-learner';

type DemoHashes = Record<keyof typeof DEMO_LOGINS, Promise<string>>;
let demoPasswordHashes: DemoHashes | undefined;

/**
 * Starts hashing the demo passwords (Argon2, about 0.2 s each) on libuv's threads, both at once. The
 * server calls it before opening a new embedded database, so the hashes are ready when PGlite has
 * booted on the main thread; the seed calls it too and gets the same promises.
 */
export function hashDemoPasswords(): DemoHashes {
  if (demoPasswordHashes === undefined) {
    demoPasswordHashes = {
      admin: hashPassword(DEMO_LOGINS.admin.password),
      learner: hashPassword(DEMO_LOGINS.learner.password),
      teacher: hashPassword(DEMO_LOGINS.teacher.password),
    };
    // Awaited only if the seed runs; a failure then surfaces there, not as an unhandled rejection.
    for (const hash of Object.values(demoPasswordHashes)) hash.catch(() => {});
  }
  return demoPasswordHashes;
}

type ClassType = {
  title: string;
  color: string;
  credits: number;
  groupSize: number;
  topics: string[];
  /** The home page's card: what it is, for whom, its tab (a line of the school's course tabs). */
  description: string;
  levelRange: string;
  /** The CEFR range as ranks (1 A1 .. 6 C2) the timetable filters by: the card's words, as levels. */
  levels: [number, number];
  siteTab: number;
  /** Booked with the Conversation Club pass, not tokens. */
  club?: true;
};

// SPEC.md section 9.
const CORE_FLEX: ClassType = {
  title: 'Core Flex',
  color: '#2F80ED',
  credits: 1,
  groupSize: 8,
  topics: ['Everyday Conversations', 'Travel English', 'Grammar in Context'],
  description: 'Everyday conversation, travel English and grammar in context, with plenty of talking time.',
  levelRange: 'A2 to B2',
  levels: [2, 4],
  siteTab: 1,
};
const CORE_FLEX_PLUS: ClassType = {
  title: 'Core Flex Plus',
  color: '#9B51E0',
  credits: 2,
  groupSize: 4,
  topics: ['Pronunciation Workshop', 'Fluency Coaching', 'Writing Clinic'],
  description:
    'Pronunciation, fluency coaching and writing in a group of four, so the teacher hears you often.',
  levelRange: 'B1 to C1',
  levels: [3, 5],
  siteTab: 1,
};
const CONVERSATION_CLUB: ClassType = {
  title: 'Conversation Club',
  color: '#27AE60',
  credits: 1,
  groupSize: 10,
  topics: ['Hot Topics', 'Storytelling Night', 'Debate Club'],
  description: 'Relaxed evening conversation on hot topics, stories and friendly debates.',
  levelRange: 'B1 and up',
  levels: [3, 6],
  siteTab: 1,
  club: true,
};
// The course tabs of the home page (SPEC.md section 1).
const COURSE_TABS: ClassType[] = [
  {
    title: 'General English',
    color: '#F2994A',
    credits: 1,
    groupSize: 8,
    topics: ['Vocabulary Builder'],
    description: 'Build the words you need every day, a theme a class, and use them straight away.',
    levelRange: 'A1 to B1',
    levels: [1, 3],
    siteTab: 1,
  },
  {
    title: 'IT Certifications',
    color: '#00A3BF',
    credits: 2,
    groupSize: 6,
    topics: ['Cloud Exam English'],
    description: 'Read long exam questions quickly and master the wording of cloud certification tests.',
    levelRange: 'B1 to C1',
    levels: [3, 5],
    siteTab: 2,
  },
  {
    title: 'Leadership',
    color: '#EB5757',
    credits: 2,
    groupSize: 6,
    topics: ['Leading Meetings'],
    description: 'Open, steer and close meetings, handle interruptions and agree on next steps.',
    levelRange: 'B2 to C1',
    levels: [4, 5],
    siteTab: 3,
  },
  {
    title: 'Web Development',
    color: '#1B4D8C',
    credits: 2,
    groupSize: 6,
    topics: ['Code Review Talk'],
    description:
      'Write review comments that are clear and kind, and discuss code without sounding defensive.',
    levelRange: 'B1 to B2',
    levels: [3, 4],
    siteTab: 4,
  },
  {
    title: 'Communication',
    color: '#F2C94C',
    credits: 1,
    groupSize: 8,
    topics: ['Presentations'],
    description: 'Structure a talk, handle questions and keep the room with you.',
    levelRange: 'B1 to C1',
    levels: [3, 5],
    siteTab: 5,
  },
  {
    title: 'Business Analytics & Intelligence',
    color: '#6D4C41',
    credits: 2,
    groupSize: 6,
    topics: ['Data Storytelling'],
    description: 'Explain charts, trends and forecasts so that decision makers act on them.',
    levelRange: 'B2 to C1',
    levels: [4, 5],
    siteTab: 6,
  },
];

const DEMO_CLASS_TYPES: readonly ClassType[] = [CORE_FLEX, CORE_FLEX_PLUS, CONVERSATION_CLUB, ...COURSE_TABS];

// SPEC.md section 9; amounts in cents, VAT included.
const DEMO_TOKEN_PLANS = [
  { tokenTitle: 'Starter Pack', tokenCredit: 4, amount: 2800, tokenExpiry: 90 },
  { tokenTitle: 'Value Pack', tokenCredit: 8, amount: 5000, tokenExpiry: 120 },
  // SPEC.md: packages 3 and 4 come with a free month of the Conversation Club.
  { tokenTitle: 'Progress Pack', tokenCredit: 12, amount: 7000, tokenExpiry: 180, clubMonths: 1 },
  { tokenTitle: 'Fluency Pack', tokenCredit: 16, amount: 9000, tokenExpiry: 180, clubMonths: 1 },
  // Memberships renew every interval; their tokens outlive the period by a month of grace.
  { tokenTitle: 'Monthly Membership', tokenCredit: 8, amount: 4700, tokenExpiry: 60, intervalMonths: 1 },
  // Beyond SPEC.md: a bigger monthly plan, so a member can change plan (upgrade or downgrade) in the demo.
  {
    tokenTitle: 'Monthly Plus Membership',
    tokenCredit: 12,
    amount: 6500,
    tokenExpiry: 60,
    intervalMonths: 1,
  },
  { tokenTitle: '6-Month Membership', tokenCredit: 48, amount: 23500, tokenExpiry: 210, intervalMonths: 6 },
  { tokenTitle: 'Annual Membership', tokenCredit: 96, amount: 45000, tokenExpiry: 395, intervalMonths: 12 },
  // SPEC.md: the Conversation Club on its own, 20 USD a month; each paid month runs the Club pass.
  // No tokens (token expiry unused): passes never mix with credits.
  {
    tokenTitle: 'Conversation Club',
    tokenCredit: 0,
    amount: 2000,
    tokenExpiry: 30,
    intervalMonths: 1,
    kind: 'club',
  },
] as const;

// The first signs in with the demo teacher login; the second waits for an invitation. Both profiles are
// public: the home page's teachers section shows them (no photo: their initials).
const TEACHERS = [
  {
    name: 'Emma Clarke',
    headline: 'Head teacher · Conversation and business English',
    bio: 'CELTA-qualified, ten years of teaching adults; loves conversation classes and business English.',
    // The school's words, never a sentence of the catalogs: a translated page shows them as written.
    profileTags: 'Core Flex, Club evenings, Leadership',
    profilePublic: true,
  },
  {
    name: 'James Patel',
    headline: 'Writing and pronunciation coach',
    bio: 'Former journalist who teaches writing, pronunciation and the English of meetings.',
    profileTags: 'Core Flex Plus, Communication, Business writing',
    profilePublic: true,
  },
] as const;
const MORNING_TYPES = [CORE_FLEX, ...COURSE_TABS, CORE_FLEX_PLUS];
const SEED_DAYS = 28;

type Slot = { date: LocalDate; hour: number; minute: number; type: ClassType };

/** About 30 classes over the next four weeks: weekday mornings, Tue/Thu club evenings, Saturday late mornings. */
function demoTimetable(now: Date, timeZone: string): Slot[] {
  const today = toLocalDateTime(now, timeZone);
  const slots: Slot[] = [];
  let mornings = 0;
  for (let offset = 1; offset <= SEED_DAYS; offset += 1) {
    const date = addDays(today, offset);
    if (date.weekday >= 1 && date.weekday <= 5) {
      const type = MORNING_TYPES[mornings % MORNING_TYPES.length] ?? CORE_FLEX;
      slots.push({ date, hour: mornings % 2 === 0 ? 9 : 10, minute: 0, type });
      mornings += 1;
    }
    if (date.weekday === 2 || date.weekday === 4)
      slots.push({ date, hour: 18, minute: 30, type: CONVERSATION_CLUB });
    if (date.weekday === 6) slots.push({ date, hour: 11, minute: 0, type: CORE_FLEX_PLUS });
  }
  return slots;
}

/** The school's holidays of the demo: the coming Christmas, Boxing Day and New Year's Day. */
function demoClosedDays(now: Date, timeZone: string): { day: string; name: string }[] {
  const today = toLocalDateTime(now, timeZone);
  // Past 26 December, the coming ones are next year's.
  const year = today.month === 12 && today.day > 26 ? today.year + 1 : today.year;
  return [
    { day: `${year}-12-25`, name: 'Christmas Day' },
    { day: `${year}-12-26`, name: 'Boxing Day' },
    { day: `${year + 1}-01-01`, name: "New Year's Day" },
  ];
}

/** The demo learner's past: four classes attended over the last weeks, two with the demo teacher's note. */
async function seedDemoProgress(
  db: Database,
  {
    learnerId,
    teacherId,
    now,
    timeZone,
  }: { learnerId: number; teacherId?: number; now: Date; timeZone: string },
) {
  if (teacherId === undefined) throw new Error('the demo teacher was not seeded');
  const attended: { id: number; title: string }[] = [];
  const [course] = await db.select({ id: courses.id }).from(courses).limit(1);
  const today = toLocalDateTime(now, timeZone);
  const notes = [
    {
      wentWell: 'You asked clear questions and kept the conversation going.',
      workOn: 'The -ed endings of regular verbs in the past simple.',
    },
    { wentWell: 'Good use of new phrasal verbs.', workOn: 'Linking ideas with "however" and "although".' },
  ];
  for (const [index, daysAgo] of [2, 9, 16, 23].entries()) {
    const schedule = await createSchedule(db, {
      courseId: course?.id,
      title: ['Small talk at work', 'Phrasal verbs in context', 'Telling a story', 'Making plans'][index],
      startsAt: fromLocalDateTime({ ...addDays(today, -daysAgo), hour: 10, minute: 0 }, timeZone),
      teacherId,
      meetingLink: null,
    });
    attended.push({ id: schedule.id, title: schedule.title });
    // Credits 0: the demo learner's ledger has no purchase to pay for them.
    const booking = await createBooking(db, schedule, {
      userId: learnerId,
      credits: 0,
      attendance: 'attended',
      attendanceMarkedBy: teacherId,
      attendanceMarkedAt: new Date(schedule.startsAt.getTime() + 60 * 60 * 1000),
    });
    const note = notes[index];
    if (note) {
      await db
        .insert(classNotes)
        .values({ bookingId: booking.id, authorId: teacherId, ...note, createdAt: now, updatedAt: now });
    }
  }
  return { latest: attended[0], attended, teacherId };
}

/**
 * The demo learner's level history: B1 from the sign-up answer (Intermediate), A2 from the placement
 * test the next day, B1 again from the administrator after a term; the friend is A1 from sign-up.
 */
async function seedDemoLevels(
  db: Database,
  { learnerId, friendId, now }: { learnerId: number; friendId: number; now: Date },
) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  await setLevel(db, { userId: learnerId, toLevel: 3, source: 'sign_up', at: daysAgo(60) });
  await setLevel(db, { userId: learnerId, toLevel: 2, source: 'placement_test', at: daysAgo(59) });
  await setLevel(db, {
    userId: learnerId,
    toLevel: 3,
    source: 'admin',
    changedBy: admin?.id ?? null,
    note: 'Ready for B1 after a term of Core Flex.',
    at: daysAgo(10),
  });
  await setLevel(db, { userId: friendId, toLevel: 1, source: 'sign_up', at: now });
}

async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const counts = [await db.$count(users), await db.$count(courses), await db.$count(tokenPlans)];
  return counts.every((total) => total === 0);
}

/**
 * The demo catalogue, classes and accounts. Runs only on an empty database, so restarts and a
 * database someone has started using are left alone. Returns whether it seeded.
 */
export async function seedDemoData(
  db: Database,
  {
    timeZone,
    now,
    files,
  }: {
    timeZone: string;
    now: Date;
    /** Where the demo class's worksheet is stored: the app's file store. */
    files: FileStore;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx))) return false;

    const hashes = hashDemoPasswords();
    // The demo accounts' addresses are made up: verified, so no banner asks to verify them.
    const verified = { emailVerifiedAt: now };
    await createUser(tx, {
      name: 'Demo Admin',
      role: 'admin',
      level: null,
      ...verified,
      ...DEMO_LOGINS.admin,
      passwordHash: hashes.admin,
    });
    const { user: demoLearner } = await createUser(tx, {
      name: 'Demo Learner',
      role: 'user',
      level: 2,
      ...verified,
      ...DEMO_LOGINS.learner,
      passwordHash: hashes.learner,
      urlName: DEMO_SPONSOR_URL_NAME,
      urlNameChosenAt: now,
    });
    // A friend the demo learner invited with their sponsor link: signed up, no purchase yet.
    const { user: sponsored } = await createUser(tx, {
      name: 'Sofia Rossi',
      role: 'user',
      level: 1,
      ...verified,
      email: 'sofia.rossi@tokenly.test',
      passwordHash: Promise.resolve(NO_PASSWORD),
    });
    await insertReferral(tx, { sponsorId: demoLearner.id, friendId: sponsored.id, now });
    await seedDemoLevels(tx, { learnerId: demoLearner.id, friendId: sponsored.id, now });

    const teacherIds: number[] = [];
    for (const [index, teacher] of TEACHERS.entries()) {
      const { user } = await createUser(tx, {
        ...teacher,
        role: 'teacher',
        level: null,
        ...verified,
        ...(index === 0
          ? { ...DEMO_LOGINS.teacher, passwordHash: hashes.teacher }
          : { email: 'james.patel@tokenly.test', passwordHash: Promise.resolve(NO_PASSWORD) }),
      });
      teacherIds.push(user.id);
    }

    const courseIds = new Map<ClassType, number>();
    for (const type of DEMO_CLASS_TYPES) {
      const course = await createCourse(tx, {
        courseTitle: type.title,
        courseColor: type.color,
        numberToken: type.credits,
        club: type.club ?? false,
        description: type.description,
        levelRange: type.levelRange,
        levelMin: type.levels[0],
        levelMax: type.levels[1],
        format: `Live online · up to ${type.groupSize} learners`,
        siteTab: type.siteTab,
      });
      courseIds.set(type, course.id);
    }

    for (const [index, plan] of DEMO_TOKEN_PLANS.entries()) {
      await createTokenPlan(tx, {
        ...plan,
        kind: 'kind' in plan ? plan.kind : 'intervalMonths' in plan ? 'membership' : 'package',
        sortOrder: index + 1,
      });
    }

    // A live promo code for the checkout's "Have a code?" (docs/referrals.md#promo-codes).
    await tx.insert(promoCodes).values({
      code: DEMO_PROMO_CODE,
      description: 'Welcome offer: 10% off a package, once per learner',
      kind: 'percent',
      percentOff: 10,
      maxUsesPerLearner: 1,
      createdAt: now,
      updatedAt: now,
    });

    const closedDays = demoClosedDays(now, timeZone);
    for (const closedDay of closedDays) await createClosedDay(tx, { ...closedDay });
    const closed = closedDays.map((closedDay) => closedDay.day);
    const open = demoTimetable(now, timeZone).filter((slot) => !closed.includes(isoDate(slot.date)));
    for (const [index, slot] of open.entries()) {
      const courseId = courseIds.get(slot.type);
      if (courseId === undefined) throw new Error(`class type ${slot.type.title} was not seeded`);
      await createSchedule(tx, {
        courseId,
        title: slot.type.topics[index % slot.type.topics.length] ?? slot.type.title,
        startsAt: fromLocalDateTime({ ...slot.date, hour: slot.hour, minute: slot.minute }, timeZone),
        noOfUsers: slot.type.groupSize,
        numberToken: slot.type.credits,
        // No links: the rooms job gives every class a room of the school's provider (Jitsi by default).
        meetingLink: null,
        meetingStart: null,
        teacherId: teacherIds[index % teacherIds.length] ?? null,
      });
    }

    // A weekly series (Monday and Wednesday evenings, school time) for eight weeks from tomorrow.
    const clubId = courseIds.get(CONVERSATION_CLUB);
    if (clubId === undefined) throw new Error('Conversation Club was not seeded');
    await createSeries(tx, {
      courseId: clubId,
      title: 'Evening Conversation Circle',
      weekdays: [1, 3],
      startTime: '18:00',
      timeZone,
      firstDate: isoDate(addDays(toLocalDateTime(now, timeZone), 1)),
      weeks: 8,
      closedDays: closed,
      noOfUsers: CONVERSATION_CLUB.groupSize,
      numberToken: CONVERSATION_CLUB.credits,
      meetingLink: null,
      meetingStart: null,
      teacherId: teacherIds[0] ?? null,
    });
    const progress = await seedDemoProgress(tx, {
      learnerId: demoLearner.id,
      teacherId: teacherIds[0],
      now,
      timeZone,
    });
    if (progress.latest) {
      await seedDemoMaterials(tx, files, {
        scheduleId: progress.latest.id,
        title: progress.latest.title,
        teacherId: progress.teacherId,
        now,
      });
    }
    await seedDemoHomework(tx, {
      learnerId: demoLearner.id,
      teacherId: progress.teacherId,
      classes: progress.attended,
      now,
    });
    await seedDemoSiteContent(tx, now);
    return true;
  });
}
