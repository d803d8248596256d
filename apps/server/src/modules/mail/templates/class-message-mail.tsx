import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { useContext } from 'react';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { Action, LineBreak, Lines, MailLayout, MailPart, Paragraph, Strong, useMailT } from './mail-layout';

// A message the school or the class's teacher writes to everyone booked: their words as typed, framed by
// who wrote it and which class it is about, so a learner with several classes knows which one.

export type ClassMessageProps = {
  name: string;
  sender: string;
  classTitle: string;
  /** Already in the recipient's zone, with the zone named. */
  when: string;
  subject: string;
  body: string;
  bookingsUrl: string;
};

export function ClassMessage(props: ClassMessageProps) {
  const t = useMailT();
  // The writer's words as typed: the text part keeps their line breaks exactly, the HTML shows them.
  const text = useContext(MailPart) === 'text';
  return (
    <MailLayout preview={props.subject}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t('mail.classMessage.intro', { sender: props.sender })}</Paragraph>
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      <Paragraph>{text ? props.body : <Lines text={props.body} />}</Paragraph>
      <Action href={props.bookingsUrl} label={t('mail.action.bookings')} />
    </MailLayout>
  );
}

export function classMessageMail(
  event: string,
  to: MailRecipient,
  message: { sender: string; classTitle: string; startsAt: Date; subject: string; body: string },
  context: { appUrl: string; school: Pick<CurrentSchoolSettings, 'schoolName' | 'timeZone'> },
): OutgoingMail {
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    withSchool(message.subject, context.school.schoolName),
    <ClassMessage
      name={to.name}
      sender={message.sender}
      classTitle={message.classTitle}
      when={formatMailTime(message.startsAt, to.timezone ?? context.school.timeZone, to.locale)}
      subject={message.subject}
      body={message.body}
      bookingsUrl={`${context.appUrl}/user/list-schedule`}
    />,
    context.school.schoolName,
    language,
  );
  return { ...rendered, event, kind: 'class-message', to: to.email };
}
