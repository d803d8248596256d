import { creditCount } from '@tokenly/contract/constants';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import { unsubscribeLinks } from '../mail-preferences';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph, type UnsubscribeNote } from './mail-layout';

export type CreditsExpiringMailProps = {
  name: string;
  credits: number;
  /** Already in the recipient's zone, with the zone named. */
  expires: string;
  bookUrl: string;
  unsubscribe: UnsubscribeNote;
};

export function CreditsExpiringMail(props: CreditsExpiringMailProps) {
  return (
    <MailLayout preview={`${creditCount(props.credits)} expire soon`} unsubscribe={props.unsubscribe}>
      <Paragraph>{`Hello ${props.name},`}</Paragraph>
      <Paragraph>
        {`${creditCount(props.credits)} of your balance expire on ${props.expires}. Book a class before then to use them.`}
      </Paragraph>
      <Action href={props.bookUrl} label="Book a class" />
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
  const rendered = renderMail(
    `${creditCount(lot.creditsRemaining)} expire soon · ${context.school.schoolName}`,
    <CreditsExpiringMail
      name={to.name}
      credits={lot.creditsRemaining}
      expires={formatMailTime(lot.expiresAt, to.timezone ?? context.school.timeZone)}
      bookUrl={`${context.appUrl}/user/dashboard`}
      unsubscribe={unsubscribe.note}
    />,
    context.school.schoolName,
  );
  return {
    ...rendered,
    event: `credit-lot:${lot.id}`,
    kind: 'credits-expiring',
    to: to.email,
    headers: unsubscribe.headers,
  };
}
