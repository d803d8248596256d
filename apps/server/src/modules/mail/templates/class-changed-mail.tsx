import type { ClassChange } from '@tokenly/contract/schedules';
import type { Locale } from '@tokenly/i18n/locales';
import { type MailKey, type MailT, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { BookingWithClass } from '../../bookings/bookings-repository';
import { bookingEvent, calendarFile } from '../../bookings/ics';
import { releasedMeetingLink } from '../../bookings/meeting-link';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { type ClassMailContext, mailClassTitle } from './class-mail';
import { Action, LineBreak, MailLayout, Paragraph, Strong, useMailT } from './mail-layout';

// The school changed a class: its booked learners and its waitlist are told what is new, each change with
// what it was; a booked learner gets the class's calendar event again, under the booking's UID with a
// higher SEQUENCE, so their calendar moves the event it already has.

const LINE_KEYS: Record<ClassChange['field'], MailKey> = {
  time: 'mail.classChanged.time',
  teacher: 'mail.classChanged.teacher',
  type: 'mail.classChanged.type',
  meeting_link: 'mail.classChanged.link',
};

/** One change as the recipient reads it: times in their zone and language, a teacher's absence named. */
function changeLine(change: ClassChange, t: MailT, where: { timeZone: string; locale: Locale }): string {
  const word = (value: string | null) => {
    if (value === null) return t('mail.classChanged.none');
    return change.field === 'time' ? formatMailTime(new Date(value), where.timeZone, where.locale) : value;
  };
  return t(LINE_KEYS[change.field], { from: word(change.from), to: word(change.to) });
}

export type ClassChangedMailProps = {
  name: string;
  classTitle: string;
  when: string;
  lines: string[];
  /** Waiting for a seat, not booked: no calendar file, and nothing to cancel. */
  waiting: boolean;
  /** The start moved: a booked learner may cancel free of charge whatever the window. */
  moved: boolean;
  bookingsUrl: string;
};

export function ClassChangedMail(props: ClassChangedMailProps) {
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.classChanged.subject', { title: props.classTitle })}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t(props.waiting ? 'mail.classChanged.waiting' : 'mail.classChanged.booked')}</Paragraph>
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      <Paragraph>
        {props.lines.map((line, index) => (
          <span key={line}>
            {index > 0 ? <LineBreak /> : null}
            {line}
          </span>
        ))}
      </Paragraph>
      {!props.waiting && props.moved ? <Paragraph>{t('mail.classChanged.freeCancel')}</Paragraph> : null}
      {props.waiting ? null : <Paragraph>{t('mail.classChanged.calendar')}</Paragraph>}
      <Action href={props.bookingsUrl} label={t('mail.action.bookings')} />
    </MailLayout>
  );
}

/**
 * The mail of one change of a class to one learner: `found` is their booking of it (with the class as it
 * now is), or null for a learner on its waitlist. METHOD:REQUEST with the booking's UID and the class's
 * revision as SEQUENCE updates the event the confirmation put in their calendar.
 */
export function classChangedMail(
  event: string,
  to: MailRecipient,
  found: BookingWithClass | null,
  changed: { schedule: BookingWithClass['schedule']; courseTitle: string | null; changes: ClassChange[] },
  context: ClassMailContext,
): OutgoingMail {
  const language = mailTranslator(to.locale);
  const where = { timeZone: to.timezone ?? context.school.timeZone, locale: to.locale };
  const classTitle = mailClassTitle(changed.schedule.title, changed.courseTitle);
  const rendered = renderMail(
    withSchool(language.t('mail.classChanged.subject', { title: classTitle }), context.school.schoolName),
    <ClassChangedMail
      name={to.name}
      classTitle={classTitle}
      when={formatMailTime(changed.schedule.startsAt, where.timeZone, where.locale)}
      lines={changed.changes.map((change) => changeLine(change, language.t, where))}
      waiting={found === null}
      moved={changed.changes.some((change) => change.field === 'time')}
      bookingsUrl={`${context.appUrl}/user/list-schedule`}
    />,
    context.school.schoolName,
    language,
  );
  const mail: OutgoingMail = { ...rendered, event, kind: 'class-changed', to: to.email };
  if (!found) return mail;
  const calendar = calendarFile(
    [
      {
        ...bookingEvent(
          found,
          releasedMeetingLink(found, context.now, context.school.meetingLinkLeadMinutes),
          context.school.meetingLinkLeadMinutes,
          language.t,
        ),
        organizer: { name: context.school.schoolName, email: context.school.schoolEmail },
        attendee: { name: to.name, email: to.email },
      },
    ],
    { method: 'REQUEST', now: context.now },
  );
  return {
    ...mail,
    attachments: [
      {
        filename: 'class.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        content: calendar,
      },
    ],
  };
}
