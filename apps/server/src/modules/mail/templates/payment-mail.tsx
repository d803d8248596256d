import { type MailKey, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { useContext } from 'react';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { MailKind, OutgoingMail } from '../mail-types';
import { formatMailMoney, formatMailTime, formatMailUsd, renderMail, withSchool } from '../render-mail';
import { Action, LineBreak, MailLanguage, MailLayout, Paragraph } from './mail-layout';

// The mails about money: a receipt for every successful payment, and the two notices
// of a membership in trouble or at its end. Amounts are in USD with VAT included (SPEC.md's prices).

export type PaymentMailKind = 'receipt' | 'renewal-failed' | 'subscription-ended';

/**
 * What a receipt is for: a package bought once, a membership's first period, a renewal, or the move to
 * a dearer plan (the difference for the rest of the period).
 */
export type ReceiptOf = 'one-time' | 'first-period' | 'renewal' | 'plan-change';

const RECEIPT_LINES: Record<ReceiptOf, MailKey> = {
  'one-time': 'mail.receipt.oneTime',
  'first-period': 'mail.receipt.firstPeriod',
  renewal: 'mail.receipt.renewal',
  'plan-change': 'mail.receipt.planChange',
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
  /** A promo code's discount: `amountCents` is what was charged after it. */
  discount?: { code: string; cents: number } | undefined;
};

export function ReceiptMail(props: ReceiptMailProps) {
  const language = useContext(MailLanguage);
  const { t } = language;
  const amount = formatMailUsd(props.amountCents, language);
  return (
    <MailLayout preview={t('mail.receipt.subject', { plan: props.planTitle, amount })}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t(RECEIPT_LINES[props.of])}</Paragraph>
      <Paragraph>
        {t('mail.receipt.plan', { plan: props.planTitle })}
        <LineBreak />
        {t('mail.receipt.amount', { amount })}
        <LineBreak />
        {props.discount ? (
          <>
            {t('mail.receipt.discount', {
              amount: formatMailMoney(props.discount.cents, language),
              code: props.discount.code,
            })}
            <LineBreak />
          </>
        ) : null}
        {/* A club plan grants no tokens: the mail of its pass says until when it runs. */}
        {props.credits > 0 ? (
          <>
            {t('mail.receipt.tokens', { count: props.credits, date: props.expires })}
            <LineBreak />
          </>
        ) : null}
        {t('mail.receipt.reference', { reference: props.reference })}
      </Paragraph>
      <Action href={props.paymentsUrl} label={t('mail.receipt.action')} />
    </MailLayout>
  );
}

export type SubscriptionNoticeProps = {
  kind: 'renewal-failed' | 'subscription-ended';
  name: string;
  planTitle: string;
  amountCents: number;
  /** Where the action leads: the learner's payments (to update the card) or the plans. */
  actionUrl: string;
  /** A failed renewal: when the card is tried again. */
  nextTry?: string | undefined;
};

const NOTICES = {
  'renewal-failed': {
    subject: 'mail.renewalFailed.subject',
    preview: 'mail.renewalFailed.preview',
    body: 'mail.renewalFailed.body',
    action: 'mail.renewalFailed.action',
  },
  'subscription-ended': {
    subject: 'mail.subscriptionEnded.subject',
    preview: 'mail.subscriptionEnded.preview',
    body: 'mail.subscriptionEnded.body',
    action: 'mail.subscription.action',
  },
} as const satisfies Record<SubscriptionNoticeProps['kind'], Record<string, MailKey>>;

export function SubscriptionNotice(props: SubscriptionNoticeProps) {
  const language = useContext(MailLanguage);
  const { t } = language;
  const notice = NOTICES[props.kind];
  return (
    <MailLayout preview={t(notice.preview)}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>
        {t(notice.body, { plan: props.planTitle, amount: formatMailUsd(props.amountCents, language) })}
      </Paragraph>
      {props.nextTry ? (
        <Paragraph>{t('mail.renewalFailed.nextTry', { date: props.nextTry })}</Paragraph>
      ) : null}
      <Action href={props.actionUrl} label={t(notice.action)} />
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
  const language = mailTranslator(to.locale);
  const amount = formatMailUsd(props.amountCents, language);
  const rendered = renderMail(
    withSchool(
      language.t('mail.receipt.subject', { plan: props.planTitle, amount }),
      context.school.schoolName,
    ),
    <ReceiptMail
      {...props}
      name={to.name}
      expires={formatMailTime(expiresAt, to.timezone ?? context.school.timeZone, to.locale)}
      paymentsUrl={`${context.appUrl}/user/payment-list/${paymentId}/receipt`}
    />,
    context.school.schoolName,
    language,
  );
  return { ...rendered, event: `payment:${paymentId}`, kind: 'receipt', to: to.email };
}

export function subscriptionNoticeMail(
  to: MailRecipient,
  notice: Omit<SubscriptionNoticeProps, 'name' | 'actionUrl' | 'nextTry'> & {
    event: string;
    nextTry?: Date | null;
  },
  context: PaymentMailContext,
): OutgoingMail {
  const { event, nextTry, ...props } = notice;
  const language = mailTranslator(to.locale);
  const subject = language.t(NOTICES[props.kind].subject, { plan: props.planTitle });
  const kind: MailKind = props.kind;
  const rendered = renderMail(
    withSchool(subject, context.school.schoolName),
    <SubscriptionNotice
      {...props}
      name={to.name}
      actionUrl={
        props.kind === 'renewal-failed' ? `${context.appUrl}/user/payment-list` : `${context.appUrl}/payment`
      }
      nextTry={
        nextTry ? formatMailTime(nextTry, to.timezone ?? context.school.timeZone, to.locale) : undefined
      }
    />,
    context.school.schoolName,
    language,
  );
  return { ...rendered, event, kind, to: to.email };
}
