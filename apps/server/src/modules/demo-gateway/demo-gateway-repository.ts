import { randomBytes } from 'node:crypto';
import type { DemoIntentState } from '@tokenly/contract/checkout';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type DemoObjectKind, demoGatewayObjects } from '../../db/schema/demo-gateway-objects';
import type {
  CheckoutMetadata,
  GatewayCard,
  GatewayInvoice,
  GatewaySubscription,
} from '../payment-gateways/payment-gateway';
import type { DemoCardBehaviour, DemoPaymentError } from './demo-cards';

// The demo gateway's store: Stripe's objects, each kind's fields as Stripe names them, in one table.

type IntentStatus = DemoIntentState['status'];
export type PaymentMethodData = {
  behaviour: DemoCardBehaviour;
  brand: string;
  last4: string;
  /** As Stripe's card.fingerprint: one per card number (absent on rows written before it was kept). */
  fingerprint?: string;
};
export type PaymentIntentData = {
  amount: number;
  currency: string;
  status: IntentStatus;
  client_secret: string;
  metadata: Partial<CheckoutMetadata>;
  error_message: string | null;
  /** Stripe's code of that failure (absent on rows written before it was kept). */
  error_code?: DemoPaymentError['code'] | null;
  payment_method: string | null;
  invoice: string | null;
  /** Its success has been announced, as Stripe's webhook would (absent on older rows: not yet). */
  announced?: boolean;
  /** Money sent back, as Stripe keeps refunds on the charge (absent on older rows: none). */
  refunds?: { id: string; amount: number; idempotency_key: string; created: string }[];
};
export type SubscriptionData = {
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  metadata: CheckoutMetadata;
  interval_months: number;
  payment_method: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  latest_invoice: string;
  /** Stripe's pause_collection: renewals before `resumes_at` charge nothing (absent: not paused). */
  pause_collection?: { resumes_at: string } | null;
};
export type InvoiceData = {
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  currency: string;
  subscription: string;
  period_start: string;
  period_end: string;
  payment_intent: string;
  /** Charges tried (absent on older rows: one), and when the next retry is due (absent or null: none). */
  attempt_count?: number;
  next_payment_attempt?: string | null;
  /** Stripe's billing_reason of an invoice charging a change of plan (absent: a period's invoice). */
  billing_reason?: 'subscription_update';
};
type DataOf = {
  payment_method: PaymentMethodData;
  payment_intent: PaymentIntentData;
  subscription: SubscriptionData;
  invoice: InvoiceData;
};

export type DemoObject<K extends DemoObjectKind> = { id: string; userId: number; data: DataOf[K] };

const ID_PREFIX: Record<DemoObjectKind, string> = {
  payment_method: 'pm',
  payment_intent: 'pi',
  subscription: 'sub',
  invoice: 'in',
};

export const newId = (kind: DemoObjectKind) => `${ID_PREFIX[kind]}_demo_${randomBytes(12).toString('hex')}`;
export const newClientSecret = (intentId: string) => `${intentId}_secret_${randomBytes(12).toString('hex')}`;
export const newRefundId = () => `re_demo_${randomBytes(12).toString('hex')}`;

export async function readObject<K extends DemoObjectKind>(
  db: Database,
  kind: K,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DemoObject<K> | undefined> {
  const query = db
    .select({ id: demoGatewayObjects.id, userId: demoGatewayObjects.userId, data: demoGatewayObjects.data })
    .from(demoGatewayObjects)
    .where(and(eq(demoGatewayObjects.id, id), eq(demoGatewayObjects.kind, kind)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row ? { id: row.id, userId: row.userId, data: row.data as DataOf[K] } : undefined;
}

export async function writeObject<K extends DemoObjectKind>(
  db: Database,
  kind: K,
  object: DemoObject<K>,
): Promise<void> {
  await db
    .insert(demoGatewayObjects)
    .values({ id: object.id, kind, userId: object.userId, data: object.data })
    .onConflictDoUpdate({ target: demoGatewayObjects.id, set: { data: object.data } });
}

/** The brand and last four digits of the card that paid an intent, as Stripe's charge gives them. */
export async function cardOfIntent(db: Database, intent: PaymentIntentData | undefined) {
  if (intent?.status !== 'succeeded' || !intent.payment_method) return null;
  const method = await readObject(db, 'payment_method', intent.payment_method);
  return method
    ? { brand: method.data.brand, last4: method.data.last4, fingerprint: method.data.fingerprint ?? null }
    : null;
}

function toInvoice(
  id: string,
  data: InvoiceData,
  intent: PaymentIntentData | undefined,
  card: GatewayCard | null,
): GatewayInvoice {
  return {
    id,
    status: data.status,
    amountPaid: data.amount_paid,
    currency: data.currency,
    subscriptionId: data.subscription,
    periodStart: new Date(data.period_start),
    periodEnd: new Date(data.period_end),
    clientSecret: intent?.status === 'requires_action' ? intent.client_secret : null,
    paymentError: intent?.status === 'requires_payment_method' ? intent.error_message : null,
    card,
    attemptCount: data.attempt_count ?? 1,
    nextPaymentAttempt: data.next_payment_attempt ? new Date(data.next_payment_attempt) : null,
    planChange: data.billing_reason === 'subscription_update',
  };
}

/** An invoice as the gateway shows it, with what its payment intent asks for or why it failed. */
export async function readInvoice(db: Database, id: string): Promise<GatewayInvoice | null> {
  const invoice = await readObject(db, 'invoice', id);
  if (!invoice) return null;
  const intent = await readObject(db, 'payment_intent', invoice.data.payment_intent);
  return toInvoice(invoice.id, invoice.data, intent?.data, await cardOfIntent(db, intent?.data));
}

/** A subscription as the gateway shows it, with its latest invoice. */
export async function readSubscription(db: Database, id: string): Promise<GatewaySubscription | null> {
  const subscription = await readObject(db, 'subscription', id);
  if (!subscription) return null;
  const { data } = subscription;
  return {
    id,
    status: data.status,
    metadata: data.metadata,
    currentPeriodStart: new Date(data.current_period_start),
    currentPeriodEnd: new Date(data.current_period_end),
    cancelAtPeriodEnd: data.cancel_at_period_end,
    latestInvoice: await readInvoice(db, data.latest_invoice),
    pausedUntil: data.pause_collection ? new Date(data.pause_collection.resumes_at) : null,
  };
}

/** The succeeded payment intents not yet announced, created before `before`, oldest first. */
export async function findUnannouncedIntents(
  db: Database,
  before: Date,
  limit: number,
): Promise<{ id: string; data: PaymentIntentData }[]> {
  const rows = await db
    .select({ id: demoGatewayObjects.id, data: demoGatewayObjects.data })
    .from(demoGatewayObjects)
    .where(
      and(
        eq(demoGatewayObjects.kind, 'payment_intent'),
        sql`${demoGatewayObjects.data}->>'status' = 'succeeded'`,
        sql`coalesce((${demoGatewayObjects.data}->>'announced')::boolean, false) = false`,
        lt(demoGatewayObjects.createdAt, before),
      ),
    )
    .orderBy(demoGatewayObjects.createdAt)
    .limit(limit);
  return rows.map(({ id, data }) => ({ id, data: data as PaymentIntentData }));
}

export async function markIntentAnnounced(db: Database, intentId: string): Promise<void> {
  await db
    .update(demoGatewayObjects)
    .set({ data: sql`${demoGatewayObjects.data} || '{"announced": true}'::jsonb` })
    .where(and(eq(demoGatewayObjects.id, intentId), eq(demoGatewayObjects.kind, 'payment_intent')));
}

/**
 * The objects of `kind` in `status` whose instant `dueAt` (a field of their data) has come by `now`,
 * locked for the caller's transaction. SKIP LOCKED lets several server processes bill at once without
 * billing anything twice.
 */
async function lockDue<K extends 'subscription' | 'invoice'>(
  tx: Database,
  due: {
    kind: K;
    status: DataOf[K]['status'];
    /** The data's field holding the instant the object falls due. */
    dueAt: (K extends 'subscription' ? 'current_period_end' : 'next_payment_attempt') & keyof DataOf[K];
  },
  now: Date,
  limit: number,
): Promise<DemoObject<K>[]> {
  const rows = await tx
    .select({
      id: demoGatewayObjects.id,
      userId: demoGatewayObjects.userId,
      data: demoGatewayObjects.data,
    })
    .from(demoGatewayObjects)
    .where(
      and(
        eq(demoGatewayObjects.kind, due.kind),
        sql`${demoGatewayObjects.data}->>'status' = ${due.status}`,
        sql`(${demoGatewayObjects.data}->>${due.dueAt})::timestamptz <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => ({ id: row.id, userId: row.userId, data: row.data as DataOf[K] }));
}

/** The active subscriptions whose period has ended by `now`, locked (see lockDue). */
export const lockDueSubscriptions = (tx: Database, now: Date, limit: number) =>
  lockDue(tx, { kind: 'subscription', status: 'active', dueAt: 'current_period_end' }, now, limit);

/** The open renewal invoices whose next retry is due by `now`, locked: each retry is made by one process. */
export const lockDueRetries = (tx: Database, now: Date, limit: number) =>
  lockDue(tx, { kind: 'invoice', status: 'open', dueAt: 'next_payment_attempt' }, now, limit);
