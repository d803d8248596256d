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
import { promoDiscountOfPayment } from '../promo-codes/promo-codes-repository';
import type { SchoolSettingsSource } from '../school-settings/school-settings-service';
import { findTokenPlan } from '../token-plans/token-plans-repository';
import type { PaymentRow, SubscriptionRow } from './checkout-repository';

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

  async function notice(
    tx: Database,
    subscription: SubscriptionRow,
    what: { kind: 'renewal-failed' | 'subscription-ended'; event: string; nextTry?: Date | null },
  ): Promise<void> {
    const [to, plan] = await Promise.all([
      recipient(tx, subscription.userId),
      findTokenPlan(tx, subscription.tokenPlanId),
    ]);
    if (!to || !plan) return;
    await mailer.enqueue(
      tx,
      subscriptionNoticeMail(
        to,
        { ...what, planTitle: plan.tokenTitle, amountCents: subscription.amount },
        await contextIn(tx),
      ),
    );
  }

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
            discount: await promoDiscountOfPayment(tx, granted.payment.id),
          },
          await contextIn(tx),
        ),
      );
    },

    /**
     * A renewal the card refused, with the next try's date and the way to update the card: once per
     * try (the invoice and its attempt count make the mail's event), however often the provider repeats
     * itself. The try after which the membership ends sends the ended notice instead.
     */
    async renewalFailed(
      tx: Database,
      subscription: SubscriptionRow,
      attempt: { invoiceId: string; count: number; nextTry: Date | null },
    ): Promise<void> {
      await notice(tx, subscription, {
        kind: 'renewal-failed',
        event: `subscription:${subscription.id}:invoice:${attempt.invoiceId}:attempt:${attempt.count}`,
        nextTry: attempt.nextTry,
      });
    },

    /** A membership that ran and has now ended (once), read from the change of status. */
    async subscriptionChanged(
      tx: Database,
      before: SubscriptionRow | undefined,
      after: SubscriptionRow,
    ): Promise<void> {
      const ended =
        after.status === 'canceled' &&
        before !== undefined &&
        before.status !== 'canceled' &&
        !NEVER_RAN.includes(before.status);
      if (ended) await notice(tx, after, { kind: 'subscription-ended', event: `subscription:${after.id}` });
    },
  };
}

export type PaymentMails = ReturnType<typeof createPaymentMails>;
