import type { ClassChange } from '@tokenly/contract/schedules';
import type { Locale } from '@tokenly/i18n/locales';
import { type MailKey, type MailT, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { Fragment } from 'react';
import type { BookingWithClass } from '../../bookings/bookings-repository';
import {
  bookingEvent,
  type CalendarMethod,
  type ClassEvent,
  calendarFile,
  teachingEvent,
} from '../../bookings/ics';
import { releasedMeetingLink } from '../../bookings/meeting-link';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { type ClassMailContext, mailClassTitle } from './class-mail';
import { Action, LineBreak, MailLayout, Paragraph, Strong, useMailT } from './mail-layout';

// The school changed a class: its booked learners, its waitlist and its teachers are told what is new,
// each change with what it was; a booked learner gets the class's calendar event again, under the
// booking's UID with a higher SEQUENCE, so their calendar moves the event it already has, and a teacher
// the class's own (withdrawn, for the teacher it was taken from).

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

/**
 * Who a change is told to: a learner booked on the class or waiting for a seat, or a teacher: the one who
 * still teaches it, the one it was given to, or the one it was taken from.
 */
export type ChangeAudience = 'booked' | 'waiting' | 'teaching' | 'teaching-new' | 'teaching-old';

const INTROS: Record<ChangeAudience, MailKey> = {
  booked: 'mail.classChanged.booked',
  waiting: 'mail.classChanged.waiting',
  teaching: 'mail.classChanged.teaching',
  'teaching-new': 'mail.classChanged.teachingNew',
  'teaching-old': 'mail.classChanged.teachingOld',
};

export type ClassChangedMailProps = {
  audience: ChangeAudience;
  name: string;
  classTitle: string;
  when: string;
  lines: string[];
  /** The start moved: a booked learner may cancel free of charge whatever the window. */
  moved: boolean;
  /** The learner's bookings, or the teacher's classes. */
  url: string;
};

export function ClassChangedMail(props: ClassChangedMailProps) {
  const t = useMailT();
  const learner = props.audience === 'booked' || props.audience === 'waiting';
  return (
    <MailLayout preview={t('mail.classChanged.subject', { title: props.classTitle })}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t(INTROS[props.audience])}</Paragraph>
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      <Paragraph>
        {props.lines.map((line, index) => (
          <Fragment key={line}>
            {index > 0 ? <LineBreak /> : null}
            {line}
          </Fragment>
        ))}
      </Paragraph>
      {props.audience === 'booked' && props.moved ? (
        <Paragraph>{t('mail.classChanged.freeCancel')}</Paragraph>
      ) : null}
      {props.audience === 'waiting' ? null : <Paragraph>{t('mail.classChanged.calendar')}</Paragraph>}
      <Action
        href={props.url}
        label={t(learner ? 'mail.action.bookings' : 'mail.classChanged.yourClasses')}
      />
    </MailLayout>
  );
}

/** The calendar part of one audience's mail: a learner's booking event, or the class as its teacher's. */
function eventFor(
  audience: ChangeAudience,
  found: BookingWithClass | null,
  changed: { schedule: BookingWithClass['schedule']; courseTitle: string | null },
  context: ClassMailContext,
  t: MailT,
): { method: CalendarMethod; event: ClassEvent } | null {
  const lead = context.school.meetingLinkLeadMinutes;
  if (audience === 'booked' && found) {
    const link = releasedMeetingLink(found, context.now, lead);
    return { method: 'REQUEST', event: bookingEvent(found, link, lead, t) };
  }
  if (audience === 'waiting') return null;
  // The teacher it was taken from gets the class withdrawn from their calendar.
  const old = audience === 'teaching-old';
  const schedule = old ? { ...changed.schedule, status: 'cancelled' as const } : changed.schedule;
  return {
    method: old ? 'CANCEL' : 'REQUEST',
    event: teachingEvent({ ...schedule, courseTitle: changed.courseTitle }),
  };
}

/**
 * The mail of one change of a class to one person: `found` is a booked learner's booking (with the class
 * as it now is); learners waiting for a seat get no calendar file. A booked learner's file is
 * METHOD:REQUEST under the booking's UID with the class's revision as SEQUENCE, which updates the event
 * the confirmation put in their calendar.
 */
export function classChangedMail(
  event: string,
  to: MailRecipient,
  audience: ChangeAudience,
  found: BookingWithClass | null,
  changed: { schedule: BookingWithClass['schedule']; courseTitle: string | null; changes: ClassChange[] },
  context: ClassMailContext,
): OutgoingMail {
  const language = mailTranslator(to.locale);
  const where = { timeZone: to.timezone ?? context.school.timeZone, locale: to.locale };
  const classTitle = mailClassTitle(changed.schedule.title, changed.courseTitle);
  const learner = audience === 'booked' || audience === 'waiting';
  const rendered = renderMail(
    withSchool(language.t('mail.classChanged.subject', { title: classTitle }), context.school.schoolName),
    <ClassChangedMail
      audience={audience}
      name={to.name}
      classTitle={classTitle}
      when={formatMailTime(changed.schedule.startsAt, where.timeZone, where.locale)}
      lines={changed.changes.map((change) => changeLine(change, language.t, where))}
      moved={changed.changes.some((change) => change.field === 'time')}
      url={`${context.appUrl}${learner ? '/user/list-schedule' : '/teacher/dashboard'}`}
    />,
    context.school.schoolName,
    language,
  );
  const mail: OutgoingMail = { ...rendered, event, kind: 'class-changed', to: to.email };
  const part = eventFor(audience, found, changed, context, language.t);
  if (!part) return mail;
  const calendar = calendarFile(
    [
      {
        ...part.event,
        organizer: { name: context.school.schoolName, email: context.school.schoolEmail },
        attendee: { name: to.name, email: to.email },
      },
    ],
    { method: part.method, now: context.now },
  );
  return {
    ...mail,
    attachments: [
      {
        filename: 'class.ics',
        contentType: `text/calendar; charset=utf-8; method=${part.method}`,
        content: calendar,
      },
    ],
  };
}
