import type { Database } from '../../db/client';
import type { TokenPlanRow } from '../../db/schema/token-plans';
import { createClubPassMails } from '../club-pass/club-pass-mails';
import { findRecipients } from '../mail/mail-recipients-repository';
import type { Mailer } from '../mail/mailer';
import {
  type PaymentMailContext,
  type ReceiptOf,
  receiptMail,
  subscriptionNoticeMail,
} from '../mail/templates/payment-mail';
import { paymentReference } from '../payments/payments-service';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findTokenPlan } from '../token-plans/token-plans-repository';
import type { PaymentRow, SubscriptionRow } from './checkout-repository';

const PAID_STATUSES: readonly string[] = ['active', 'trialing'];
const FAILED_STATUSES: readonly string[] = ['past_due', 'unpaid'];
/** A first payment that never went through: the subscription never ran, so it cannot "end". */
const NEVER_RAN: readonly string[] = ['incomplete', 'incomplete_expired'];

/**
 * The mails about payments, written in the transaction that grants the tokens or
 * records the subscription's change, so a payment and its receipt exist together.
 */
export function createPaymentMails(
  mailer: Mailer,
  options: Pick<PaymentMailContext, 'appUrl'> & { settings: SchoolSettingsSource },
) {
  async function recipient(tx: Database, userId: number) {
    return (await findRecipients(tx, [userId])).get(userId);
  }

  const contextIn = async (tx: Database): Promise<PaymentMailContext> => ({
    appUrl: options.appUrl,
    school: await options.settings.current(tx),
  });

  return {
    /** The news of the Club pass days a payment added (a club plan's period, a package's free month). */
    clubPass: createClubPassMails(mailer, options),

    /** The receipt of a payment just granted (once per payment: its id is the mail's event). */
    async receipt(
      tx: Database,
      granted: { payment: PaymentRow; plan: TokenPlanRow; of: ReceiptOf; expiresAt: Date },
    ): Promise<void> {
      const to = await recipient(tx, granted.payment.userId);
      if (!to) return;
      await mailer.enqueue(
        tx,
        receiptMail(
          to,
          {
            of: granted.of,
            paymentId: granted.payment.id,
            planTitle: granted.plan.tokenTitle,
            amountCents: granted.payment.amount,
            credits: granted.payment.numberToken,
            expiresAt: granted.expiresAt,
            // The reference the learner's payment list and receipt page show, never the provider's id.
            reference: paymentReference(granted.payment.id),
          },
          await contextIn(tx),
        ),
      );
    },

    /**
     * A membership that was paid up and now is not (a renewal failed: once per period), or that ran
     * and has now ended (once). Read from the change of status, so the Stripe webhooks and the demo
     * gateway's renewals tell the learner alike, however often the provider repeats itself.
     */
    async subscriptionChanged(
      tx: Database,
      before: SubscriptionRow | undefined,
      after: SubscriptionRow,
    ): Promise<void> {
      const failed = FAILED_STATUSES.includes(after.status) && PAID_STATUSES.includes(before?.status ?? '');
      const ended =
        after.status === 'canceled' &&
        before !== undefined &&
        before.status !== 'canceled' &&
        !NEVER_RAN.includes(before.status);
      if (!failed && !ended) return;
      const [to, plan] = await Promise.all([
        recipient(tx, after.userId),
        findTokenPlan(tx, after.tokenPlanId),
      ]);
      if (!to || !plan) return;
      const period = after.currentPeriodStart?.toISOString() ?? 'none';
      await mailer.enqueue(
        tx,
        subscriptionNoticeMail(
          to,
          {
            kind: failed ? 'renewal-failed' : 'subscription-ended',
            event: failed ? `subscription:${after.id}:period:${period}` : `subscription:${after.id}`,
            planTitle: plan.tokenTitle,
            amountCents: after.amount,
          },
          await contextIn(tx),
        ),
      );
    },
  };
}

export type PaymentMails = ReturnType<typeof createPaymentMails>;
