import { type MailKey, type MailT, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { MailDraft } from '../../../db/schema/mail-outbox';
import type { BookingWithClass } from '../../bookings/bookings-repository';
import { bookingEvent, type CalendarMethod, calendarFile } from '../../bookings/ics';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import { type MailRecipient, mailLocaleOf } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { Action, LineBreak, MailLayout, Paragraph, Strong, useMailT } from './mail-layout';

// The mails about one booked class share this body; what happened is the only difference.

export type ClassMailKind =
  | 'booking-confirmed'
  | 'booking-cancelled'
  | 'booking-removed'
  | 'booking-moved'
  | 'class-cancelled'
  | 'waitlist-promoted';

export type ClassMailProps = {
  kind: ClassMailKind;
  name: string;
  classTitle: string;
  /** Already in the recipient's zone, with the zone named. */
  when: string;
  credits: number;
  /** Cancelled inside the free-cancellation window: the credits were kept. */
  lateCancel?: boolean;
  /** Removed by the school without giving the credits back. */
  creditsKept?: boolean;
  /** The class a moved booking came from, as `classTitle` and `when` name a class. */
  movedFrom?: string;
  bookingsUrl: string;
};

const CLASS_MAIL_SUBJECTS: Record<ClassMailKind, MailKey> = {
  'booking-confirmed': 'mail.class.subject.bookingConfirmed',
  'booking-cancelled': 'mail.class.subject.bookingCancelled',
  'booking-removed': 'mail.class.subject.bookingRemoved',
  'booking-moved': 'mail.class.subject.bookingMoved',
  'class-cancelled': 'mail.class.subject.classCancelled',
  'waitlist-promoted': 'mail.class.subject.waitlistPromoted',
};

const classMailSubject = (kind: ClassMailKind, title: string, schoolName: string, t: MailT) =>
  withSchool(t(CLASS_MAIL_SUBJECTS[kind], { title }), schoolName);

/** A class as mails name it: its title, and its type's in brackets when known. */
export const mailClassTitle = (title: string, courseTitle: string | null) =>
  courseTitle ? `${title} (${courseTitle})` : title;

/** What happened, in a sentence; a cancellation by the learner says whether the credits came back. */
const SUMMARIES: Record<ClassMailKind, MailKey> = {
  'booking-confirmed': 'mail.class.bookingConfirmed',
  'waitlist-promoted': 'mail.class.waitlistPromoted',
  'booking-removed': 'mail.class.bookingRemoved',
  'booking-moved': 'mail.class.bookingMoved',
  'booking-cancelled': 'mail.class.bookingCancelled',
  'class-cancelled': 'mail.class.classCancelled',
};

export function ClassMail(props: ClassMailProps) {
  const t = useMailT();
  const summary =
    props.kind === 'booking-cancelled' && props.lateCancel
      ? 'mail.class.bookingCancelledLate'
      : props.kind === 'booking-removed' && props.creditsKept
        ? 'mail.class.bookingRemovedKept'
        : SUMMARIES[props.kind];
  return (
    <MailLayout preview={t(CLASS_MAIL_SUBJECTS[props.kind], { title: props.classTitle })}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t(summary, { count: props.credits, from: props.movedFrom ?? '' })}</Paragraph>
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      <Action href={props.bookingsUrl} label={t('mail.action.bookings')} />
    </MailLayout>
  );
}

export type ClassMailContext = {
  appUrl: string;
  /** Its zone for a recipient whose own is not known; its name and address as the invitation's organizer. */
  school: Pick<CurrentSchoolSettings, 'schoolName' | 'schoolEmail' | 'timeZone' | 'meetingLinkLeadMinutes'>;
  now: Date;
};

/**
 * One of the class mails with the class as an invitation (METHOD:REQUEST) or its withdrawal
 * (METHOD:CANCEL), under the booking's stable UID so calendar apps update the event they have.
 */
export function classMail(
  kind: ClassMailKind,
  event: string,
  to: MailRecipient,
  found: BookingWithClass & { creditsBack?: number; creditsKept?: boolean; movedFrom?: BookingWithClass },
  context: ClassMailContext,
): OutgoingMail {
  const { schedule, courseTitle, booking, movedFrom } = found;
  const classTitle = mailClassTitle(schedule.title, courseTitle);
  const language = mailTranslator(to.locale);
  const timeZone = to.timezone ?? context.school.timeZone;
  const rendered = renderMail(
    classMailSubject(kind, classTitle, context.school.schoolName, language.t),
    <ClassMail
      kind={kind}
      name={to.name}
      classTitle={classTitle}
      when={formatMailTime(schedule.startsAt, timeZone, to.locale)}
      // A cancel says what actually came back (less than the booking used once its lot was clawed back
      // or the credits were already given back); other mails say what the booking used.
      credits={found.creditsBack ?? booking.credits}
      lateCancel={booking.lateCancel}
      creditsKept={found.creditsKept}
      movedFrom={
        movedFrom &&
        `${mailClassTitle(movedFrom.schedule.title, movedFrom.courseTitle)}, ${formatMailTime(movedFrom.schedule.startsAt, timeZone, to.locale)}`
      }
      bookingsUrl={`${context.appUrl}/user/list-schedule`}
    />,
    context.school.schoolName,
    language,
  );
  const invitation = (booked: BookingWithClass, method: CalendarMethod, filename: string) => ({
    filename,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarFile(
      [
        {
          ...bookingEvent(booked, null, context.school.meetingLinkLeadMinutes, language.t),
          organizer: { name: context.school.schoolName, email: context.school.schoolEmail },
          attendee: { name: to.name, email: to.email },
        },
      ],
      { method, now: context.now },
    ),
  });
  const invites = kind === 'booking-confirmed' || kind === 'waitlist-promoted' || kind === 'booking-moved';
  return {
    ...rendered,
    event,
    kind,
    to: to.email,
    // A move is a new booking (a new event) and the end of the old one, whose event the calendar drops.
    attachments: [
      invitation(found, invites ? 'REQUEST' : 'CANCEL', 'class.ics'),
      ...(movedFrom ? [invitation(movedFrom, 'CANCEL', 'previous-class.ics')] : []),
    ],
  };
}

/**
 * A class mail from the draft book-class's single statement wrote (SQL renders no mail; draw-mail.ts reads
 * the booked class out of it), drawn as classMail draws it then: the recipient and the school as they
 * were, the calendar file stamped when it was written.
 */
export function drawClassMail(
  draft: MailDraft,
  booked: BookingWithClass,
  mail: { kind: string; event: string; createdAt: Date },
  appUrl: string,
): OutgoingMail {
  const to = { ...draft.to, locale: mailLocaleOf(draft.to.locale) };
  return classMail(mail.kind as ClassMailKind, mail.event, to, booked, {
    appUrl,
    school: draft.school,
    now: mail.createdAt,
  });
}

/** Its subject alone, for the Outbox's list, which shows no more of a mail. */
export function drawClassMailSubject(
  draft: MailDraft,
  { schedule, courseTitle }: BookingWithClass,
  kind: string,
): string {
  return classMailSubject(
    kind as ClassMailKind,
    mailClassTitle(schedule.title, courseTitle),
    draft.school.schoolName,
    mailTranslator(mailLocaleOf(draft.to.locale)).t,
  );
}
