import { adminPaymentPageResponseSchema } from '@tokenly/contract/payments';
import { parse } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { createTokenPlan, createUser } from '../../db/seed/factories';
import { adminTestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';

const MANY = 5_000;

// The exports are read in batches by keyset: every row comes out once, in the list's order, whatever
// the batch boundaries, even when many payments share an instant down to the microsecond.
describe.each(PARITY_DATABASE_KINDS)('a large payments and students export on %s', (kind) => {
  const t = adminTestApp(kind);

  it('writes every payment of the filter once, in the list order, as the list shows them', async () => {
    const { user } = await createUser(t.db, { name: `Export Many ${kind}` });
    const plan = await createTokenPlan(t.db, { tokenTitle: `Export Plan ${kind}` });
    // Three payments an instant, microseconds apart within a millisecond: a keyset on the instant as
    // JavaScript reads it (milliseconds) would skip or repeat some of them across batches.
    await t.db.execute(sql`
      insert into payments (user_id, token_plan_id, provider, provider_ref, amount, number_token, status, created_at)
      select ${user.id}, ${plan.id}, 'demo', ${`export_${kind}_`} || i, 1000 + i, 4, 'succeeded',
        timestamptz '2031-01-01 00:00:00+00' + (i / 3) * interval '1 second' + (i % 3) * interval '1 microsecond'
      from generate_series(1, ${MANY}) as i`);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/get-payment-list.csv?plan_id=${plan.id}`,
      headers: t.admin,
    });
    expect(response.statusCode).toBe(200);
    const records: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
    expect(records).toHaveLength(MANY);
    expect(new Set(records.map((record) => record['Payment ID'])).size).toBe(MANY);

    const ordered = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.tokenPlanId, plan.id))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    expect(records.map((record) => Number(record['Payment ID']))).toEqual(ordered.map((row) => row.id));

    // The list's first and last pages show the same payments as the file's first and last rows.
    const page = async (number: number) => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/get-payment-list?plan_id=${plan.id}&page=${number}`,
        headers: t.admin,
      });
      return adminPaymentPageResponseSchema.parse(list.json()).data;
    };
    const first = await page(1);
    expect(first.total).toBe(MANY);
    const last = await page(first.last_page);
    const shown = [...first.data, ...last.data];
    const exported = [...records.slice(0, first.data.length), ...records.slice(-last.data.length)];
    expect(
      exported.map((record) => ({
        id: Number(record['Payment ID']),
        date: record.Date,
        amount: Number(record['Amount (USD)']),
        reference: record.Reference,
      })),
    ).toEqual(
      shown.map((payment) => ({
        id: payment.id,
        date: payment.created_at,
        amount: payment.amount,
        reference: payment.reference,
      })),
    );
  });

  it('writes every learner the students list finds, once, in each of its orders', async () => {
    const tag = `exportmany${kind}`;
    await t.db.execute(sql`
      insert into users (name, email, password_hash, role)
      select ${`Learner ${tag} `} || i, ${`${tag}-`} || i || '@example.com', 'x', 'user'
      from generate_series(1, 1200) as i`);
    for (const sort of ['newest', 'name', 'balance', 'last_booking']) {
      const [file, ids] = await Promise.all([
        t.app.inject({
          method: 'GET',
          url: `/api/admin-user-list.csv?q=${tag}&sort=${sort}`,
          headers: t.admin,
        }),
        t.app.inject({
          method: 'GET',
          url: `/api/admin-user-list?q=${tag}&sort=${sort}&page=1`,
          headers: t.admin,
        }),
      ]);
      expect(file.statusCode, file.body).toBe(200);
      const records: Record<string, string>[] = parse(file.body, { bom: true, columns: true });
      expect(records).toHaveLength(1200);
      expect(new Set(records.map((record) => record['Student ID'])).size).toBe(1200);
      const firstPage = (ids.json() as { data: { data: { id: number }[] } }).data.data.map((row) => row.id);
      expect(records.slice(0, firstPage.length).map((record) => Number(record['Student ID']))).toEqual(
        firstPage,
      );
    }
  });
});
