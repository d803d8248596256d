import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { optionalMail } from '../optional-mail';
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
  return optionalMail(
    to,
    context,
    { token: mailToken, kind: 'credits-expiring' },
    { kind: 'credits-expiring', event: `credit-lot:${lot.id}` },
    ({ language, time, unsubscribe }) => ({
      subject: language.t('mail.creditsExpiring.subject', { count: lot.creditsRemaining }),
      body: (
        <CreditsExpiringMail
          name={to.name}
          credits={lot.creditsRemaining}
          expires={time(lot.expiresAt)}
          bookUrl={`${context.appUrl}/user/dashboard`}
          unsubscribe={unsubscribe}
        />
      ),
    }),
  );
}
