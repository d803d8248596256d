import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import { unsubscribeLinks } from '../mail-preferences';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { Action, MailLayout, Paragraph, type UnsubscribeNote, useMailT } from './mail-layout';

export type ClubPassEndingMailProps = {
  name: string;
  /** Already in the recipient's zone, with the zone named. */
  ends: string;
  plansUrl: string;
  unsubscribe: UnsubscribeNote;
};

export function ClubPassEndingMail(props: ClubPassEndingMailProps) {
  const t = useMailT();
  return (
    <MailLayout
      preview={t('mail.clubPassEnding.subject', { date: props.ends })}
      unsubscribe={props.unsubscribe}
    >
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t('mail.clubPassEnding.body', { date: props.ends })}</Paragraph>
      <Action href={props.plansUrl} label={t('mail.clubPassEnding.action')} />
    </MailLayout>
  );
}

/**
 * The notice that a Conversation Club pass ends soon, with the way to continue; sent with the credit
 * notices' switch. The pass's end is the event, so an extended pass is told of its new end again.
 */
export function clubPassEndingMail(
  to: MailRecipient,
  pass: { endsAt: Date; event: string },
  context: { appUrl: string; school: CurrentSchoolSettings },
  mailToken: string,
): OutgoingMail {
  const unsubscribe = unsubscribeLinks(context.appUrl, mailToken, 'credits-expiring');
  const language = mailTranslator(to.locale);
  const ends = formatMailTime(pass.endsAt, to.timezone ?? context.school.timeZone, to.locale);
  const rendered = renderMail(
    withSchool(language.t('mail.clubPassEnding.subject', { date: ends }), context.school.schoolName),
    <ClubPassEndingMail
      name={to.name}
      ends={ends}
      plansUrl={`${context.appUrl}/membership`}
      unsubscribe={unsubscribe.note}
    />,
    context.school.schoolName,
    language,
  );
  return {
    ...rendered,
    event: pass.event,
    kind: 'club-pass-ending',
    to: to.email,
    headers: unsubscribe.headers,
  };
}
