import { is, Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { createCourse, createTokenPlan } from '../../db/seed/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import {
  amongIds,
  learnerPaymentRowsQuery,
  paymentIdsQuery,
  paymentRowsQuery,
} from '../payments/payments-repository';
import { classesMatchingQuery, learnersMatchingQuery, listStudentRows } from '../users/users-repository';

const LEARNERS = 20_000;
/** Part of learner 777's generated surname, as an administrator would type it. */
const TYPED = '324f72';
const PAYMENTS = 60_000;
const CLASSES = 30_000;

let preparedPlans = 0;

type Statement = { toSQL: () => { sql: string; params: unknown[] } };

const literal = (value: unknown) =>
  value === null
    ? 'null'
    : typeof value === 'number'
      ? String(value)
      : `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;

/** A statement's text with its parameters written in, for EXPLAIN (PostgreSQL 15 cannot explain `$1`). */
function inlined({ sql: text, params }: { sql: string; params: unknown[] }): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));
}

type Explained = { rows: { 'QUERY PLAN': string }[] };
const planText = (result: unknown) => (result as Explained).rows.map((row) => row['QUERY PLAN']).join('\n');

/** The plan PostgreSQL chooses for a statement of the app, as it would run it. */
async function planOf(db: Database, query: Statement) {
  return planText(await db.execute(sql.raw(`explain ${inlined(query.toSQL())}`)));
}

/**
 * The plan PostgreSQL keeps for a prepared statement of the app once it stops planning each run (the
 * generic plan, forced here), explained with these values for its placeholders.
 */
async function genericPlanOf(db: Database, query: Statement, values: Record<string, unknown>) {
  const { sql: text, params } = query.toSQL();
  const args = params.map((param) => literal(is(param, Placeholder) ? values[param.name] : param));
  // A prepared statement outlives the transaction: a name of its own, so a failed explain leaves none behind.
  preparedPlans += 1;
  const name = `generic_plan_${preparedPlans}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    const plan = planText(await tx.execute(sql.raw(`explain execute ${name}(${args.join(', ')})`)));
    await tx.execute(sql.raw(`deallocate ${name}`));
    return plan;
  });
}

// On a generated school with fresh statistics, the planner answers the admin search and the payment list
// from indexes (migration 0036) by itself, never by reading every learner or payment.
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'query plans of the admin lists on PostgreSQL',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp('postgres');
      const plan = await createTokenPlan(t.db, { tokenTitle: 'Plans Pack' });
      // Names and addresses as varied as real ones (a trigram index is worth what its trigrams tell apart).
      await t.db.execute(sql`
      insert into users (name, email, password_hash, role, created_at)
      select initcap(substr(md5(i::text), 1, 7)) || ' ' || initcap(substr(md5((-i)::text), 1, 9)),
        substr(md5((i * 7)::text), 1, 12) || '@plans.example', 'x', 'user',
        timestamptz '2026-01-01' + i * interval '1 hour'
      from generate_series(1, ${LEARNERS}) as i`);
      await t.db.execute(sql`
      with learners as (
        select id, row_number() over (order by id) - 1 as n from users where email like '%@plans.example'
      )
      insert into payments (user_id, token_plan_id, provider, provider_ref, amount, number_token, status, created_at)
      select learners.id, ${plan.id}, 'demo', 'plans_' || i, 2800, 4,
        case when i % 100 = 0 then 'refunded' else 'succeeded' end,
        timestamptz '2026-01-01' + i * interval '7 minutes'
      from generate_series(1, ${PAYMENTS}) as i
      join learners on learners.n = i % ${LEARNERS}`);
      const course = await createCourse(t.db, { courseTitle: 'Plans Flex' });
      await t.db.execute(sql`
      insert into schedules (course_id, title, starts_at, no_of_users, number_token)
      select ${course.id}, 'Plans Flex ' || i, timestamptz '2026-01-01' + i * interval '1 hour', 8, 1
      from generate_series(1, ${CLASSES}) as i`);
      // What autovacuum does on a live school: statistics, and the trigram indexes' pending entries merged.
      await t.db.execute(sql`vacuum analyze users`);
      // An invoice for every other payment, as a school that began issuing them part way would have.
      await t.db.execute(sql`
      insert into invoices (kind, number, year, sequence, payment_id, user_id, issued_at, description,
        number_token, total, vat_amount, vat_rate_basis_points, seller, buyer)
      select 'invoice', '2026-' || lpad(id::text, 6, '0'), 2026, id, id, user_id, created_at, 'Plans Pack',
        4, amount, 0, 0, '{}'::jsonb, '{}'::jsonb
      from payments where id % 2 = 0 and provider_ref like 'plans_%'`);
      await t.db.execute(sql`vacuum analyze payments`);
      await t.db.execute(sql`vacuum analyze invoices`);
      await t.db.execute(sql`vacuum analyze schedules`);
    }, 120_000);
    afterAll(() => t.close());

    it('finds learners by a part of their name or email through the trigram indexes, in the search and the list', async () => {
      const list = listStudentRows(t.db, { now: new Date(), q: TYPED, sort: 'name', limit: 15 });
      for (const query of [learnersMatchingQuery(t.db, TYPED, 5), list]) {
        const plan = await planOf(t.db, query);
        expect(plan, plan).toMatch(/users_(name|email)_trgm_idx/);
        expect(plan, plan).not.toMatch(/Seq Scan on users\b/);
      }
    });

    it('finds classes by a part of their title through the trigram index when no class type matches', async () => {
      const plan = await planOf(t.db, classesMatchingQuery(t.db, TYPED, [], 5));
      expect(plan).toContain('schedules_title_trgm_idx');
      expect(plan).not.toMatch(/Seq Scan on schedules\b/);
    });

    it('pages the payment list, first page or deep, filtered or not, and the export batches, by index', async () => {
      const cases = [
        paymentIdsQuery(t.db, {}),
        paymentIdsQuery(t.db, { offset: 45_000 }),
        // The last page, read from the oldest end.
        paymentIdsQuery(t.db, { offset: PAYMENTS - 15, total: PAYMENTS }),
        paymentIdsQuery(t.db, { status: 'refunded' }),
        paymentIdsQuery(t.db, { student: TYPED, limit: 5 }),
        paymentIdsQuery(t.db, { afterId: 30_000, limit: 500 }),
        paymentIdsQuery(t.db, { since: new Date('2026-03-01'), before: new Date('2026-03-02') }),
      ];
      for (const query of cases) {
        const plan = await planOf(t.db, query);
        expect(plan, plan).not.toMatch(/Seq Scan on (payments|users)\b/);
      }
      expect(await planOf(t.db, paymentIdsQuery(t.db, {}))).toContain('payments_created_at_id_idx');
      expect(await planOf(t.db, paymentIdsQuery(t.db, { status: 'refunded' }))).toContain(
        'payments_status_created_at_idx',
      );
    });

    it('joins a page of payments to their learners, plans and invoices by primary key, in the plan it keeps', async () => {
      const plan = await genericPlanOf(t.db, paymentRowsQuery(t.db, amongIds), { ids: '{101,5002,30003}' });
      expect(plan, plan).toContain('payments_pkey');
      expect(plan, plan).toMatch(/invoices_(one_per_payment|payment_id_idx)/);
      expect(plan, plan).not.toMatch(/Seq Scan on (payments|users|invoices)\b/);
    });

    it("reads a learner's latest payments along the learner's index, in the plan it keeps", async () => {
      const [{ userId } = { userId: 0 }] = await t.db
        .select({ userId: payments.userId })
        .from(payments)
        .limit(1);
      const plan = await genericPlanOf(t.db, learnerPaymentRowsQuery(t.db), { userId, limit: 5, offset: 0 });
      expect(plan, plan).toContain('payments_user_id_created_at_idx');
      expect(plan, plan).not.toMatch(/Seq Scan on (payments|users|invoices)\b/);
    });
  },
);
