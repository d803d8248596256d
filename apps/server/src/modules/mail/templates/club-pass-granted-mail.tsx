import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import { unsubscribeLinks } from '../mail-preferences';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { Action, MailLayout, Paragraph, type UnsubscribeNote, useMailT } from './mail-layout';

export type ClubPassGrantedMailProps = {
  name: string;
  /** Already in the recipient's zone, with the zone named. */
  until: string;
  timetableUrl: string;
  unsubscribe: UnsubscribeNote;
};

export function ClubPassGrantedMail(props: ClubPassGrantedMailProps) {
  const t = useMailT();
  return (
    <MailLayout
      preview={t('mail.clubPassGranted.subject', { date: props.until })}
      unsubscribe={props.unsubscribe}
    >
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t('mail.clubPassGranted.body', { date: props.until })}</Paragraph>
      <Action href={props.timetableUrl} label={t('mail.clubPassGranted.action')} />
    </MailLayout>
  );
}

/**
 * The news that days were added to a Conversation Club pass (a club plan's period, a package's free
 * month, an administrator's grant), with the pass's new end; sent with the credit notices' switch, like
 * the notice of its end. The change of the pass is the event, so each addition is told once.
 */
export function clubPassGrantedMail(
  to: MailRecipient,
  pass: { endsAt: Date; eventId: number },
  context: { appUrl: string; school: CurrentSchoolSettings },
  mailToken: string,
): OutgoingMail {
  const unsubscribe = unsubscribeLinks(context.appUrl, mailToken, 'credits-expiring');
  const language = mailTranslator(to.locale);
  const until = formatMailTime(pass.endsAt, to.timezone ?? context.school.timeZone, to.locale);
  const rendered = renderMail(
    withSchool(language.t('mail.clubPassGranted.subject', { date: until }), context.school.schoolName),
    <ClubPassGrantedMail
      name={to.name}
      until={until}
      timetableUrl={`${context.appUrl}/timetable`}
      unsubscribe={unsubscribe.note}
    />,
    context.school.schoolName,
    language,
  );
  return {
    ...rendered,
    event: `club-pass-event:${pass.eventId}`,
    kind: 'club-pass-granted',
    to: to.email,
    headers: unsubscribe.headers,
  };
}
