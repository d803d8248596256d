import { type MailKey, type MailT, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { MailDraft } from '../../../db/schema/mail-outbox';
import type { BookingWithClass } from '../../bookings/bookings-repository';
import { bookingEvent, calendarFile } from '../../bookings/ics';
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
  bookingsUrl: string;
};

const CLASS_MAIL_SUBJECTS: Record<ClassMailKind, MailKey> = {
  'booking-confirmed': 'mail.class.subject.bookingConfirmed',
  'booking-cancelled': 'mail.class.subject.bookingCancelled',
  'booking-removed': 'mail.class.subject.bookingRemoved',
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
  'booking-cancelled': 'mail.class.bookingCancelled',
  'class-cancelled': 'mail.class.classCancelled',
};

export function ClassMail(props: ClassMailProps) {
  const t = useMailT();
  const summary =
    props.kind === 'booking-cancelled' && props.lateCancel
      ? 'mail.class.bookingCancelledLate'
      : SUMMARIES[props.kind];
  return (
    <MailLayout preview={t(CLASS_MAIL_SUBJECTS[props.kind], { title: props.classTitle })}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t(summary, { count: props.credits })}</Paragraph>
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
  found: BookingWithClass & { creditsBack?: number },
  context: ClassMailContext,
): OutgoingMail {
  const { schedule, courseTitle, booking } = found;
  const classTitle = mailClassTitle(schedule.title, courseTitle);
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    classMailSubject(kind, classTitle, context.school.schoolName, language.t),
    <ClassMail
      kind={kind}
      name={to.name}
      classTitle={classTitle}
      when={formatMailTime(schedule.startsAt, to.timezone ?? context.school.timeZone, to.locale)}
      // A cancel says what actually came back (less than the booking used once its lot was clawed back
      // or the credits were already given back); other mails say what the booking used.
      credits={found.creditsBack ?? booking.credits}
      lateCancel={booking.lateCancel}
      bookingsUrl={`${context.appUrl}/user/list-schedule`}
    />,
    context.school.schoolName,
    language,
  );
  const method = kind === 'booking-confirmed' || kind === 'waitlist-promoted' ? 'REQUEST' : 'CANCEL';
  const calendar = calendarFile(
    [
      {
        ...bookingEvent(found, null, context.school.meetingLinkLeadMinutes, language.t),
        organizer: { name: context.school.schoolName, email: context.school.schoolEmail },
        attendee: { name: to.name, email: to.email },
      },
    ],
    { method, now: context.now },
  );
  return {
    ...rendered,
    event,
    kind,
    to: to.email,
    attachments: [
      {
        filename: 'class.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: calendar,
      },
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
