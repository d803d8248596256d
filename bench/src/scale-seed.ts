// The scale part's school, built by bulk SQL on PostgreSQL in one transaction: five years of classes,
// bookings, payments, credit lots and their ledger, confirmation mails and audit events. Every row is
// one the server itself could have written, and the invariants hold as they would after the real calls:
// each class's seats taken equal its bookings, each lot's remaining credits equal its ledger rows.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '@tokenly/server/src/db/client';
import { migrateDatabase } from '@tokenly/server/src/db/migrate';
import { hashToken } from '@tokenly/server/src/modules/auth/auth-service';
import { reminderEvent } from '@tokenly/server/src/modules/mail/templates/reminder-mail';
import pg from 'pg';

/** A school's size; the full one is the goal's school five years on. */
export type ScaleSize = { learners: number; teachers: number; classesPerDay: number };

export const FULL_SCALE: ScaleSize = { learners: 100_000, teachers: 40, classesPerDay: 80 };

/** Five years of classes, the last 30 days of them still to come. */
const DAYS = 1825;
const UPCOMING_DAYS = 30;
/** Seats of every class; a class holds 7 bookings, every third one 8 (7⅓ on average). */
const SEATS = 8;
/** Packs each learner bought: 3 × 4 credits, enough for the at most 12 classes each one books. */
const PACKS = 3;
const PACK_CREDITS = 4;
/** The tables loaded here, whose indexes are built after the load. */
const LOADED_TABLES = [
  'users',
  'schedules',
  'bookings',
  'payments',
  'credit_lots',
  'credit_ledger',
  'mail_outbox',
  'audit_events',
];
/** Mails younger than this keep their body; older ones had it dropped by retention, as in a real outbox. */
const MAIL_BODY_DAYS = 30;

export type ScaleSchool = {
  size: ScaleSize;
  adminToken: string;
  /** A learner with a full history, for the learner's own credit history. */
  learnerToken: string;
  learnerId: number;
  /** A past class with its bookings, for the class page and its roster. */
  classId: number;
  /** How many rows each table got, as printed by the bench. */
  counts: Record<string, number>;
};

/** The migrated schema's statements, then the data, in one session (temporary tables, settings). */
export async function seedScaleSchool(url: string, size: ScaleSize): Promise<ScaleSchool> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const school = await seedRows(client, size);
    // What autovacuum does on a school's database over time: statistics, the visibility map (index-only
    // scans) and the trigram indexes' pending entries merged (unmerged, the planner rightly avoids them).
    await client.query('vacuum analyze');
    return school;
  } finally {
    await client.end();
  }
}

async function seedRows(client: pg.Client, size: ScaleSize): Promise<ScaleSchool> {
  const run = (text: string, values: unknown[] = []) => client.query(text, values);
  const adminToken = randomBytes(32).toString('base64url');
  const learnerToken = randomBytes(32).toString('base64url');
  const classes = DAYS * size.classesPerDay;
  if (classes * SEATS > size.learners * PACKS * PACK_CREDITS) {
    throw new Error('more seats than the learners have credits for: more learners or fewer classes');
  }
  await run('begin');
  // One session builds the temporary tables' sorts and the indexes of a million rows in memory.
  await run(`set local work_mem = '128MB'`);
  await run(`set local maintenance_work_mem = '256MB'`);
  // The tables' indexes are built once after the load, from the migrations' own definitions: entered row
  // by row, a million rows took minutes (the trigram indexes most). The foreign keys are not checked row
  // by row either (replica role): every reference below is taken from the row it names, and the totals
  // trigger on payments runs as usual (the role is set back for that insert).
  const indexes = await run(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = any($1) and indexname not like '%\\_pkey'`,
    [LOADED_TABLES],
  );
  for (const { indexname } of indexes.rows) await run(`drop index "${indexname}"`);
  await run('set local session_replication_role = replica');

  await run(
    `insert into users (name, email, password_hash, role)
     values ('Scale Admin', 'scale-admin@tokenly.test', 'x', 'admin')`,
  );
  await run(
    `insert into users (name, email, password_hash, role, bio, created_at)
     select 'Teacher ' || initcap(substr(md5('t' || i), 1, 8)), 'teacher' || i || '@scale.example', 'x',
       'teacher', 'Teaches at the scale school.', now() - interval '5 years'
     from generate_series(1, $1::int) as i`,
    [size.teachers],
  );
  // Learners with varied names (the search looks for part of one), each joined before a first class.
  await run(
    `insert into users (name, email, password_hash, role, level, created_at)
     select initcap(substr(md5(i::text), 1, 7)) || ' ' || initcap(substr(md5((-i)::text), 1, 9)),
       'learner' || i || '@scale.example', 'x', 'user', 1 + i % 3,
       now() - interval '5 years' - interval '30 days' + i * interval '1 minute'
     from generate_series(0, $1::int - 1) as i`,
    [size.learners],
  );
  await run(
    `create temporary table learner on commit drop as
     select id, row_number() over (order by id) - 1 as n, email from users where role = 'user'`,
  );
  await run('create index on learner (n)');
  await run(`create temporary table teacher on commit drop as
     select id, row_number() over (order by id) - 1 as n from users where role = 'teacher'`);
  // Credits that last ten years: none expires within the five (an expiry would move them by the ledger).
  await run(
    `insert into token_plans (token_title, token_credit, token_expiry, amount, kind)
     values ('Scale Pack', $1, 3650, 2800, 'package')`,
    [PACK_CREDITS],
  );
  await run(
    `insert into courses (course_title, course_color, number_token)
     values ('Core Flex', '#2F80ED', 1), ('Conversation', '#27AE60', 1), ('Business English', '#9B51E0', 1)`,
  );

  // The timetable: classesPerDay a day from 06:00 UTC every 10 minutes, each teacher two a day.
  await run(
    `insert into schedules (course_id, title, starts_at, no_of_users, number_token, meeting_link, teacher_id,
       seats_taken, created_at)
     select (select min(id) from courses) + c % 3,
       (array['Core Flex', 'Conversation', 'Business English'])[1 + c % 3] || ' ' || c,
       date_trunc('day', now()) + ($3::int - $4::int) * interval '1 day' + (c / $2::int) * interval '1 day'
         + interval '6 hours' + (c % $2::int) * interval '10 minutes',
       ${SEATS}, 1, 'https://meet.example.com/scale-' || c,
       teacher.id, ${SEATS - 1} + (c % 3 = 0)::int,
       date_trunc('day', now()) + ($3::int - $4::int) * interval '1 day' + (c / $2::int) * interval '1 day'
         - interval '30 days'
     from generate_series(0, $1::int - 1) as c
     join teacher on teacher.n = c % $5::int
     order by c`,
    [classes, size.classesPerDay, UPCOMING_DAYS, DAYS, size.teachers],
  );
  await run(`create temporary table class on commit drop as
     select id, row_number() over (order by id) - 1 as n, starts_at from schedules`);

  // Seat s of class c goes to learner (8c + s) mod learners: every learner at most 12 classes, none twice
  // in one class. k is the booking's place in its learner's history, which chooses the pack it draws on.
  await run(
    `create temporary table seat on commit drop as
     select l.id as user_id, l.n as learner, c.id as schedule_id,
       least(c.starts_at - interval '3 days' - s * interval '5 hours', now()) as created_at,
       row_number() over (partition by l.id order by c.starts_at, c.id) - 1 as k
     from class c
     cross join generate_series(0, ${SEATS - 1}) as s
     join learner l on l.n = (c.n * ${SEATS} + s) % $1::int
     where s < ${SEATS - 1} or c.n % 3 = 0`,
    [size.learners],
  );
  await run(
    `insert into bookings (user_id, schedule_id, credits, status, created_at)
     select user_id, schedule_id, 1, 'booked', created_at from seat order by created_at, schedule_id, user_id`,
  );
  await run('alter table seat add column booking_id integer');
  await run(
    `update seat set booking_id = b.id from bookings b
     where b.user_id = seat.user_id and b.schedule_id = seat.schedule_id`,
  );

  // Each pack is bought a day before the first booking it pays for (or, unused, in the last year); one
  // learner in fifty had a last pack refunded, whose unused credits were taken back.
  await run(
    `create temporary table pack on commit drop as
     select l.id as user_id, l.n as learner, p.k, l.n % 50 = 0 and p.k = ${PACKS - 1} as refunded,
       coalesce(drawn.first_at - interval '1 day', now() - interval '1 year' + l.n * (interval '1 year' / $1::int))
         as created_at,
       coalesce(drawn.used, 0)::int as used
     from learner l
     cross join generate_series(0, ${PACKS - 1}) as p(k)
     left join (
       select user_id, k / ${PACK_CREDITS} as k, count(*) as used, min(created_at) as first_at
       from seat group by 1, 2
     ) as drawn on drawn.user_id = l.id and drawn.k = p.k`,
    [size.learners],
  );
  await run('set local session_replication_role = origin');
  await run(
    `insert into payments (user_id, token_plan_id, provider, provider_ref, amount, number_token, status,
       amount_refunded, refunded_at, created_at)
     select user_id, (select id from token_plans where token_title = 'Scale Pack'), 'demo',
       'scale_' || learner || '_' || k, 2800, ${PACK_CREDITS},
       case when refunded then 'refunded' else 'succeeded' end,
       case when refunded then 2800 else 0 end,
       case when refunded then created_at + interval '10 days' end, created_at
     from pack order by created_at, learner, k`,
  );
  await run('set local session_replication_role = replica');
  await run('alter table pack add column payment_id integer, add column lot_id integer');
  await run(
    `update pack set payment_id = p.id from payments p where p.provider_ref = 'scale_' || pack.learner || '_' || pack.k`,
  );
  await run(
    `insert into credit_lots (user_id, credits_total, credits_remaining, expires_at, source, payment_id,
       created_at, clawed_back_at)
     select user_id, ${PACK_CREDITS}, case when refunded then 0 else ${PACK_CREDITS} - used end,
       created_at + interval '3650 days', 'purchase', payment_id, created_at,
       case when refunded then created_at + interval '10 days' end
     from pack order by payment_id`,
  );
  await run('update pack set lot_id = l.id from credit_lots l where l.payment_id = pack.payment_id');

  // The ledger: each purchase, each booking drawn on its pack, each clawback of unused credits, in time order.
  await run(
    `insert into credit_ledger (user_id, delta, reason, booking_id, payment_id, lot_id, created_at)
     select user_id, delta, reason, booking_id, payment_id, lot_id, created_at from (
       select user_id, ${PACK_CREDITS} as delta, 'purchase' as reason, null::int as booking_id, payment_id,
         lot_id, created_at
       from pack
       union all
       select s.user_id, -1, 'booking', s.booking_id, null, p.lot_id, s.created_at
       from seat s join pack p on p.user_id = s.user_id and p.k = s.k / ${PACK_CREDITS}
       union all
       select user_id, used - ${PACK_CREDITS}, 'clawback', null, payment_id, lot_id,
         created_at + interval '10 days'
       from pack where refunded and used < ${PACK_CREDITS}
     ) as movement
     order by created_at`,
  );

  // Every booking's confirmation, sent; retention dropped the body of those older than 30 days.
  await run(
    `insert into mail_outbox (event, kind, recipient, status, attempts, subject, html, text, headers,
       created_at, sent_at, body_removed_at)
     select 'booking:' || s.booking_id || ':booked', 'booking-confirmed', l.email, 'sent', 1,
       'Booked: class ' || s.schedule_id,
       case when fresh then '<p>You are booked on class ' || s.schedule_id || '.</p>' end,
       case when fresh then 'You are booked on class ' || s.schedule_id || '.' end,
       '{}'::jsonb, s.created_at, s.created_at + interval '1 minute',
       case when not fresh then s.created_at + interval '${MAIL_BODY_DAYS} days' end
     from (select *, created_at > now() - interval '${MAIL_BODY_DAYS} days' as fresh from seat) as s
     join learner l on l.id = s.user_id
     order by s.created_at, s.booking_id`,
  );
  // The day-before reminders (the seeded school's 24 hours) of tomorrow's classes, sent as they came due,
  // as on a school that has run for years: without them its first minutes would render a whole day's
  // reminders (about 600 at full size) beside the calls being measured. The few of the next quarter hour
  // are left to send, as they would be. Each under the event key the server writes, around the booking.
  const [eventBefore, eventAfter] = reminderEvent('class-reminder', 987_654_321).split('987654321');
  await run(
    `insert into mail_outbox (event, kind, recipient, status, attempts, subject, html, text, headers,
       created_at, sent_at)
     select $1 || s.booking_id || $2, 'class-reminder', l.email, 'sent', 1,
       'Tomorrow: class ' || s.schedule_id, '<p>Class ' || s.schedule_id || ' is tomorrow.</p>',
       'Class ' || s.schedule_id || ' is tomorrow.', '{}'::jsonb, c.starts_at - interval '24 hours',
       c.starts_at - interval '24 hours' + interval '1 minute'
     from seat s
     join learner l on l.id = s.user_id
     join schedules c on c.id = s.schedule_id
     where c.starts_at > now() and c.starts_at <= now() + interval '24 hours'
       and s.created_at <= c.starts_at - interval '24 hours'
     order by c.starts_at, s.booking_id`,
    [eventBefore, eventAfter],
  );

  // The audit log: each class created, each refund.
  await run(
    `insert into audit_events (actor_id, action, subject_id, summary, created_at)
     select admin.id, action, subject_id, summary, created_at
     from (
       select 'adminScheduleCreate' as action, id as subject_id, 'Created class ' || id as summary,
         created_at from schedules
       union all
       select 'adminPaymentRefund', payment_id, 'Refunded payment ' || payment_id, created_at + interval '10 days'
       from pack where refunded
     ) as event
     cross join (select id from users where role = 'admin') as admin
     order by created_at`,
  );

  await run('set local session_replication_role = origin');
  for (const { indexdef } of indexes.rows) await run(indexdef);
  // Sessions: the administrator's, and that of a learner halfway down the list, with a full history.
  const learner = await run(`select user_id from seat where learner = $1 limit 1`, [
    Math.floor(size.learners / 2),
  ]);
  const learnerId = Number(learner.rows[0]?.user_id);
  await run(
    `insert into auth_sessions (user_id, token_hash, expires_at)
     select id, $1, now() + interval '1 day' from users where role = 'admin'
     union all select $2::int, $3, now() + interval '1 day'`,
    [hashToken(adminToken), learnerId, hashToken(learnerToken)],
  );
  const past = await run(
    `select id from schedules where starts_at < now() - interval '1 day' and seats_taken = ${SEATS}
     order by starts_at desc limit 1`,
  );
  const counts = await run(
    `select (select count(*) from users where role = 'user')::int as learners,
       (select count(*) from users where role = 'teacher')::int as teachers,
       (select count(*) from schedules)::int as classes,
       (select count(*) from bookings)::int as bookings,
       (select count(*) from payments)::int as payments,
       (select count(*) from credit_lots)::int as lots,
       (select count(*) from credit_ledger)::int as ledger,
       (select count(*) from mail_outbox)::int as mails,
       (select count(*) from audit_events)::int as audit`,
  );
  await run('commit');
  return {
    size,
    adminToken,
    learnerToken,
    learnerId,
    classId: Number(past.rows[0]?.id),
    counts: counts.rows[0] ?? {},
  };
}
