import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import { unsubscribeLinks } from '../mail-preferences';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { Action, MailLayout, Paragraph, type UnsubscribeNote, useMailT } from './mail-layout';

export type CreditsExpiringMailProps = {
  name: string;
  credits: number;
  /** Already in the recipient's zone, with the zone named. */
  expires: string;
  bookUrl: string;
  unsubscribe: UnsubscribeNote;
};

export function CreditsExpiringMail(props: CreditsExpiringMailProps) {
  const t = useMailT();
  return (
    <MailLayout
      preview={t('mail.creditsExpiring.subject', { count: props.credits })}
      unsubscribe={props.unsubscribe}
    >
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t('mail.creditsExpiring.body', { count: props.credits, date: props.expires })}</Paragraph>
      <Action href={props.bookUrl} label={t('mail.creditsExpiring.action')} />
    </MailLayout>
  );
}

/** The notice of one lot of credits about to expire; the lot is the event, so each lot gets one. */
export function creditsExpiringMail(
  to: MailRecipient,
  lot: { id: number; creditsRemaining: number; expiresAt: Date },
  context: { appUrl: string; school: CurrentSchoolSettings },
  mailToken: string,
): OutgoingMail {
  const unsubscribe = unsubscribeLinks(context.appUrl, mailToken, 'credits-expiring');
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    withSchool(
      language.t('mail.creditsExpiring.subject', { count: lot.creditsRemaining }),
      context.school.schoolName,
    ),
    <CreditsExpiringMail
      name={to.name}
      credits={lot.creditsRemaining}
      expires={formatMailTime(lot.expiresAt, to.timezone ?? context.school.timeZone, to.locale)}
      bookUrl={`${context.appUrl}/user/dashboard`}
      unsubscribe={unsubscribe.note}
    />,
    context.school.schoolName,
    language,
  );
  return {
    ...rendered,
    event: `credit-lot:${lot.id}`,
    kind: 'credits-expiring',
    to: to.email,
    headers: unsubscribe.headers,
  };
}
