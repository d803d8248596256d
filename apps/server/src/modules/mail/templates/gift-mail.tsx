import type { Locale } from '@tokenly/i18n/locales';
import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { OutgoingMail } from '../mail-types';
import { renderMail, withSchool } from '../render-mail';
import { Action, LineBreak, Lines, MailLayout, Paragraph, Strong, useMailT } from './mail-layout';

export type GiftMailProps = {
  from: string;
  credits: number;
  plan: string;
  days: number;
  message: string;
  code: string;
  redeemUrl: string;
};

export function GiftMail(props: GiftMailProps) {
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.gift.subject', { name: props.from })}>
      <Paragraph>{t('mail.hello')}</Paragraph>
      <Paragraph>
        {t('mail.gift.body', { name: props.from, credits: props.credits, plan: props.plan })}
      </Paragraph>
      {props.message ? (
        <Paragraph>
          {t('mail.gift.theirMessage', { name: props.from })}
          <LineBreak />
          <Lines text={props.message} />
        </Paragraph>
      ) : null}
      <Paragraph>
        {t('mail.gift.code')} <Strong>{props.code}</Strong>
      </Paragraph>
      <Paragraph>{t('mail.gift.validity', { days: props.days })}</Paragraph>
      <Action href={props.redeemUrl} label={t('mail.gift.action')} />
    </MailLayout>
  );
}

/**
 * The code of a gift to its recipient, in their account's language when they have one (else the
 * buyer's); the gift is the event, so it is mailed once.
 */
export function giftMail(
  gift: { id: number; recipientEmail: string; locale: Locale } & Omit<GiftMailProps, 'redeemUrl'>,
  context: { appUrl: string; school: string },
): OutgoingMail {
  const language = mailTranslator(gift.locale);
  const rendered = renderMail(
    withSchool(language.t('mail.gift.subject', { name: gift.from }), context.school),
    <GiftMail {...gift} redeemUrl={`${context.appUrl}/gift/${encodeURIComponent(gift.code)}`} />,
    context.school,
    language,
  );
  return { ...rendered, event: `gift:${gift.id}`, kind: 'gift', to: gift.recipientEmail };
}
