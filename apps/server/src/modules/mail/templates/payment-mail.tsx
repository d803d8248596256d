import { centsToUsd } from '../../../lib/money';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { MailKind, OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail } from '../render-mail';
import { Action, LineBreak, MailLayout, Paragraph } from './mail-layout';

// The mails about money (issue 12, mail 5): a receipt for every successful payment, and the two notices
// of a membership in trouble or at its end. Amounts are in USD with VAT included (SPEC.md's prices).

export type PaymentMailKind = 'receipt' | 'renewal-failed' | 'subscription-ended';

/** What a receipt is for: a package bought once, a membership's first period, or a renewal. */
export type ReceiptOf = 'one-time' | 'first-period' | 'renewal';

const RECEIPT_LINES: Record<ReceiptOf, string> = {
  'one-time': 'Thank you for your purchase.',
  'first-period': 'Thank you for your membership: its first period is paid.',
  renewal: 'Your membership has renewed for another period.',
};

export type ReceiptMailProps = {
  name: string;
  of: ReceiptOf;
  planTitle: string;
  amountCents: number;
  credits: number;
  /** Already in the recipient's zone, with the zone named. */
  expires: string;
  reference: string;
  paymentsUrl: string;
};

export const usdWithVat = (cents: number) => `${centsToUsd(cents).toFixed(2)} USD (VAT included)`;
const tokens = (count: number) => `${count} ${count === 1 ? 'token' : 'tokens'}`;

export function ReceiptMail(props: ReceiptMailProps) {
  return (
    <MailLayout preview={`Receipt: ${props.planTitle}, ${usdWithVat(props.amountCents)}`}>
      <Paragraph>{`Hello ${props.name},`}</Paragraph>
      <Paragraph>{RECEIPT_LINES[props.of]}</Paragraph>
      <Paragraph>
        {`Plan: ${props.planTitle}`}
        <LineBreak />
        {`Amount paid: ${usdWithVat(props.amountCents)}`}
        <LineBreak />
        {`Tokens added: ${tokens(props.credits)}, valid until ${props.expires}`}
        <LineBreak />
        {`Payment reference: ${props.reference}`}
      </Paragraph>
      <Action href={props.paymentsUrl} label="Your receipt" />
    </MailLayout>
  );
}

export type SubscriptionNoticeProps = {
  kind: 'renewal-failed' | 'subscription-ended';
  name: string;
  planTitle: string;
  amountCents: number;
  plansUrl: string;
};

export function SubscriptionNotice(props: SubscriptionNoticeProps) {
  const failed = props.kind === 'renewal-failed';
  return (
    <MailLayout preview={failed ? 'Your membership payment failed' : 'Your membership has ended'}>
      <Paragraph>{`Hello ${props.name},`}</Paragraph>
      <Paragraph>
        {failed
          ? `We could not take the payment of ${usdWithVat(props.amountCents)} to renew your ${props.planTitle} membership, so no new tokens were added. Your card provider will be asked again; you can also check your card or choose a plan again.`
          : `Your ${props.planTitle} membership has ended: it will not renew and no further payments will be taken. The tokens you already have stay until they expire.`}
      </Paragraph>
      <Action href={props.plansUrl} label="See the plans" />
    </MailLayout>
  );
}

export type PaymentMailContext = { appUrl: string; school: CurrentSchoolSettings };

export function receiptMail(
  to: MailRecipient,
  receipt: Omit<ReceiptMailProps, 'name' | 'expires' | 'paymentsUrl'> & {
    paymentId: number;
    expiresAt: Date;
  },
  context: PaymentMailContext,
): OutgoingMail {
  const { paymentId, expiresAt, ...props } = receipt;
  const rendered = renderMail(
    `Receipt: ${props.planTitle}, ${usdWithVat(props.amountCents)} · ${context.school.schoolName}`,
    <ReceiptMail
      {...props}
      name={to.name}
      expires={formatMailTime(expiresAt, to.timezone ?? context.school.timeZone)}
      paymentsUrl={`${context.appUrl}/user/payment-list/${paymentId}/receipt`}
    />,
    context.school.schoolName,
  );
  return { ...rendered, event: `payment:${paymentId}`, kind: 'receipt', to: to.email };
}

export function subscriptionNoticeMail(
  to: MailRecipient,
  notice: Omit<SubscriptionNoticeProps, 'name' | 'plansUrl'> & { event: string },
  context: PaymentMailContext,
): OutgoingMail {
  const { event, ...props } = notice;
  const subject =
    props.kind === 'renewal-failed'
      ? `Your ${props.planTitle} membership payment failed`
      : `Your ${props.planTitle} membership has ended`;
  const kind: MailKind = props.kind;
  const rendered = renderMail(
    `${subject} · ${context.school.schoolName}`,
    <SubscriptionNotice {...props} name={to.name} plansUrl={`${context.appUrl}/payment`} />,
    context.school.schoolName,
  );
  return { ...rendered, event, kind, to: to.email };
}
