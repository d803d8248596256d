import { adminPaymentPageResponseSchema } from '@tokenly/contract/payments';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { createTokenPlan, createUser, uniqueEmail } from '../../db/seed/factories';
import { expectAdminOnly } from '../../test/admin-guard';
import { adminTestApp, bearer } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { totalPayments } from './payments-repository';

const HOUR = 3_600_000;

describe.each(TEST_DATABASE_KINDS)('admin payment list on %s', (kind) => {
  const t = adminTestApp(kind);

  it('is for admins only', async () => {
    await expectAdminOnly(t, t.learnerToken, [{ method: 'GET', url: '/api/get-payment-list?page=1' }]);
  });

  it('lists payments newest first with user, plan, USD amount and membership dates, 15 a page', async () => {
    const { user } = await createUser(t.db, { name: 'Pat Buyer' });
    const pack = await createTokenPlan(t.db, { tokenTitle: 'Starter Pack' });
    const monthly = await createTokenPlan(t.db, {
      tokenTitle: 'Monthly',
      kind: 'membership',
      intervalMonths: 1,
    });
    const base = Date.UTC(2026, 0, 1);
    for (let index = 0; index < 15; index += 1) {
      await t.db.insert(payments).values({
        userId: user.id,
        tokenPlanId: pack.id,
        provider: 'demo',
        providerRef: `pi_${kind}_${index}`,
        amount: 2800,
        numberToken: 4,
        status: 'succeeded',
        createdAt: new Date(base + index * 60_000),
      });
    }
    await t.db.insert(payments).values({
      userId: user.id,
      tokenPlanId: monthly.id,
      provider: 'demo',
      providerRef: `in_${kind}`,
      amount: 4750,
      numberToken: 8,
      membership: 1,
      status: 'succeeded',
      startDate: new Date('2026-02-01T00:00:00Z'),
      endDate: new Date('2026-03-01T00:00:00Z'),
      createdAt: new Date(base + 3_600_000),
    });

    const first = adminPaymentPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/get-payment-list', headers: t.admin })).json(),
    ).data;
    expect(first).toMatchObject({ current_page: 1, per_page: 15, total: 16, last_page: 2 });
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      reference: `TE-${String(first.data[0]?.id).padStart(6, '0')}`,
      user: { id: user.id, name: 'Pat Buyer' },
      token_plan: { id: monthly.id, token_title: 'Monthly' },
      number_token: 8,
      amount: 47.5,
      membership: 1,
      status: 'succeeded',
      start_date: '2026-02-01T00:00:00.000Z',
      end_date: '2026-03-01T00:00:00.000Z',
      created_at: '2026-01-01T01:00:00.000Z',
      amount_refunded: 0,
      refunded_at: null,
      disputed_at: null,
      refunded_by: null,
      // Inserted directly, as payments from before invoices were: no invoice.
      invoice: null,
      failure_reason: null,
      promo_code: null,
      discount: 0,
    });
    expect(first.data[1]).toMatchObject({ membership: 0, start_date: null, end_date: null, amount: 28 });

    const empty = adminPaymentPageResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/get-payment-list?page=9', headers: t.admin })).json(),
    ).data;
    expect(empty).toMatchObject({ current_page: 9, total: 16, last_page: 2, data: [] });
  });

  it('reads pages past the middle from the oldest end in the same order, with totals kept by the hour', async () => {
    const { user } = await createUser(t.db, { name: 'Pat Pages' });
    const pack = await createTokenPlan(t.db, { tokenTitle: `Pages Pack ${kind}` });
    const list = async (query: string) =>
      adminPaymentPageResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/get-payment-list?plan_id=${pack.id}&${query}`,
            headers: t.admin,
          })
        ).json(),
      ).data;
    // 47 payments, several to an hour and some to the same instant: 4 pages of 15, the last of 2.
    const base = Date.UTC(2031, 5, 1);
    await t.db.insert(payments).values(
      Array.from({ length: 47 }, (_, index) => ({
        userId: user.id,
        tokenPlanId: pack.id,
        provider: 'demo' as const,
        providerRef: `pages_${kind}_${index}`,
        amount: 1000 + index,
        numberToken: 4,
        status: index % 5 === 0 ? ('failed' as const) : ('succeeded' as const),
        createdAt: new Date(base + Math.floor(index / 2) * 1_200_000),
      })),
    );
    const newestFirst = await t.db
      .select({ id: payments.id, amount: payments.amount, status: payments.status })
      .from(payments)
      .where(eq(payments.tokenPlanId, pack.id))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`page=${page}`)));
    expect(pages.flatMap((page) => page.data.map((payment) => payment.id))).toEqual(
      newestFirst.map((payment) => payment.id),
    );
    expect(pages.map((page) => page.data.length)).toEqual([15, 15, 15, 2]);
    expect((await list('page=5')).data).toEqual([]);

    // Refunds, a status change and a move to another hour update the hourly totals as they happen.
    const [first, second, third] = newestFirst.filter((payment) => payment.status === 'succeeded');
    if (first === undefined || second === undefined || third === undefined) throw new Error('seeded above');
    await t.db.update(payments).set({ amountRefunded: 500 }).where(eq(payments.id, first.id));
    await t.db
      .update(payments)
      .set({ status: 'refunded', amountRefunded: second.amount })
      .where(eq(payments.id, second.id));
    await t.db
      .update(payments)
      .set({ createdAt: new Date(base - 86_400_000) })
      .where(eq(payments.id, third.id));
    const [direct] = await t.db
      .select({
        count: sql<number>`count(*)::int`,
        gross: sql<number>`(sum(${payments.amount}) filter (where ${payments.status} <> 'failed'))::int`,
        refunded: sql<number>`sum(${payments.amountRefunded})::int`,
      })
      .from(payments)
      .where(eq(payments.tokenPlanId, pack.id));
    const { totals } = await list('page=1');
    expect(totals).toEqual({
      count: direct?.count,
      gross: (direct?.gross ?? 0) / 100,
      refunded: (direct?.refunded ?? 0) / 100,
      net: ((direct?.gross ?? 0) - (direct?.refunded ?? 0)) / 100,
    });
    // By day from the hourly figures, and by learner from the payments themselves: the same sums.
    const june = await list('from=2031-06-01&to=2031-06-01');
    const hers = await list(`from=2031-06-01&to=2031-06-01&student=${encodeURIComponent('Pat Pages')}`);
    expect(june.totals.count).toBe(46);
    expect(hers.totals).toEqual(june.totals);
  });

  it('totals any range of hours from whole days and the hours at its ends, as the payments themselves sum', async () => {
    const { user } = await createUser(t.db, { name: 'Dana Days' });
    const pack = await createTokenPlan(t.db, { tokenTitle: `Days Pack ${kind}` });
    // 60 payments over four days and a bit, at hours on and off the day's edges.
    const start = Date.UTC(2032, 2, 1, 20);
    const inserted = await t.db
      .insert(payments)
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          userId: user.id,
          tokenPlanId: pack.id,
          provider: 'demo' as const,
          providerRef: `days_${kind}_${index}`,
          amount: 500 + index * 7,
          numberToken: 4,
          status: index % 7 === 0 ? ('failed' as const) : ('succeeded' as const),
          createdAt: new Date(start + ((index * 37) % 100) * HOUR + (index % 3) * 60_000),
        })),
      )
      .returning({ id: payments.id });
    const hourIn = fc.integer({ min: -2, max: 102 }).map((hour) => new Date(start + hour * HOUR));
    const range = fc.record({
      since: fc.option(hourIn, { nil: undefined }),
      before: fc.option(hourIn, { nil: undefined }),
    });
    const direct = async ({ since, before }: { since?: Date; before?: Date }) => {
      const [row] = await t.db
        .select({
          count: sql<number>`count(*)::int`,
          gross: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} <> 'failed'), 0)::int`,
          refunded: sql<number>`coalesce(sum(${payments.amountRefunded}), 0)::int`,
        })
        .from(payments)
        .where(
          and(
            eq(payments.tokenPlanId, pack.id),
            since && gte(payments.createdAt, since),
            before && lt(payments.createdAt, before),
          ),
        );
      return row;
    };
    const agree = () =>
      fc.assert(
        fc.asyncProperty(range, async (bounds) => {
          expect(await totalPayments(t.db, { planId: pack.id, ...bounds })).toEqual(await direct(bounds));
        }),
        { numRuns: 40 },
      );
    await agree();

    // Refunds, a move across midnight and a deletion reach the daily rows through the hourly ones.
    const [one, two, three] = inserted;
    if (one === undefined || two === undefined || three === undefined) throw new Error('seeded above');
    await t.db
      .update(payments)
      .set({ status: 'refunded', amountRefunded: 500 })
      .where(eq(payments.id, one.id));
    await t.db
      .update(payments)
      .set({ createdAt: new Date(start + 2 * HOUR) })
      .where(eq(payments.id, two.id));
    await t.db.delete(payments).where(eq(payments.id, three.id));
    await agree();
  });
});

// The accountant's ledger: filters, totals of the whole match, and the CSV export.
describe.each(TEST_DATABASE_KINDS)('payment ledger filters and CSV on %s', (kind) => {
  const t = adminTestApp(kind);

  async function seedLedger() {
    const tricky = await createUser(t.db, {
      name: 'Zoë "Zed", Ødegård',
      email: uniqueEmail('zoe'),
    });
    const formula = await createUser(t.db, {
      name: '=HYPERLINK("http://evil")',
      email: uniqueEmail('formula'),
    });
    const pack = await createTokenPlan(t.db, { tokenTitle: `Ledger Pack ${kind}` });
    const monthly = await createTokenPlan(t.db, {
      tokenTitle: `Ledger Monthly ${kind}`,
      kind: 'membership',
      intervalMonths: 1,
    });
    const row = (values: Partial<typeof payments.$inferInsert> & { createdAt: Date }) => ({
      userId: tricky.user.id,
      tokenPlanId: pack.id,
      provider: 'demo' as const,
      providerRef: `ledger_${kind}_${values.createdAt.getTime()}_${Math.random()}`,
      amount: 2800,
      numberToken: 4,
      status: 'succeeded' as const,
      ...values,
    });
    await t.db.insert(payments).values([
      // 2030-03-01 00:30 in Europe/London is still 2030-03-01; 23:30 UTC on 2030-03-31 is the 31st.
      row({ createdAt: new Date('2030-03-01T00:30:00Z') }),
      row({ createdAt: new Date('2030-03-31T22:30:00Z'), status: 'refunded', amountRefunded: 2800 }),
      row({ createdAt: new Date('2030-03-15T12:00:00Z'), status: 'failed', amount: 5000 }),
      row({
        createdAt: new Date('2030-03-20T12:00:00Z'),
        tokenPlanId: monthly.id,
        membership: 1,
        amount: 4700,
        numberToken: 8,
      }),
      row({ createdAt: new Date('2030-04-01T12:00:00Z'), userId: formula.user.id }),
      row({ createdAt: new Date('2030-02-28T12:00:00Z') }),
    ]);
    return { tricky, formula, pack, monthly };
  }

  it('filters by dates in the school zone, plan, kind, status and student, with totals of every match', async () => {
    const { tricky, pack, monthly } = await seedLedger();
    const list = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/get-payment-list?${query}`,
        headers: t.admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return adminPaymentPageResponseSchema.parse(response.json()).data;
    };

    // March 2030 in UTC (the test app's zone): five payments, of which one failed and one refunded.
    const march = await list('from=2030-03-01&to=2030-03-31');
    expect(march.total).toBe(4);
    expect(march.totals).toEqual({ count: 4, gross: 28 + 28 + 47, refunded: 28, net: 28 + 47 });
    expect(march.data.map((payment) => payment.status)).toEqual([
      'refunded',
      'succeeded',
      'failed',
      'succeeded',
    ]);

    expect((await list(`plan_id=${monthly.id}`)).data).toHaveLength(1);
    expect((await list(`kind=membership&student=${encodeURIComponent('ødegård')}`)).total).toBe(1);
    expect((await list(`plan_id=${pack.id}&status=failed`)).totals).toEqual({
      count: 1,
      gross: 0,
      refunded: 0,
      net: 0,
    });
    expect((await list(`user_id=${tricky.user.id}`)).total).toBe(5);
    // A % typed in the search is a percent sign, not a wildcard.
    expect((await list('student=%25')).total).toBe(0);

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/get-payment-list?from=2030-13-01',
      headers: t.admin,
    });
    expect(refused.statusCode).toBe(422);
  });

  it('exports the filtered payments as RFC 4180 CSV that a CSV parser reads back exactly', async () => {
    const { tricky, formula } = await seedLedger();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/get-payment-list.csv?from=2030-03-01&to=2030-04-30&status=succeeded`,
      headers: t.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payments-2030-03-01_to_2030-04-30.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toContain('\r\n');

    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    // Only this test's payments match these days and the status (the earlier test seeded the same days).
    const mine = records.filter((record) =>
      [String(tricky.user.id), String(formula.user.id)].includes(record['Student ID'] ?? ''),
    );
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      Date: '2030-04-01T12:00:00.000Z',
      // Neutralised: a spreadsheet shows the text instead of running it.
      Student: `'=HYPERLINK("http://evil")`,
      'Amount (USD)': '28.00',
      Kind: 'package',
      Status: 'succeeded',
    });
    expect(mine[1]).toMatchObject({
      Student: 'Zoë "Zed", Ødegård',
      Email: tricky.user.email,
      'Amount (USD)': '47.00',
      Kind: 'membership',
      Tokens: '8',
    });

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/get-payment-list.csv',
          headers: bearer(t.learnerToken),
        })
      ).statusCode,
    ).toBe(403);
  });
});
