import { creditCount } from '@tokenly/contract/constants';
import type { MailDraft } from '../../../db/schema/mail-outbox';
import type { BookingWithClass } from '../../bookings/bookings-repository';
import { bookingEvent, calendarFile } from '../../bookings/ics';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail } from '../render-mail';
import { Action, LineBreak, MailLayout, Paragraph, Strong } from './mail-layout';

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
  /** Cancelled inside the free-cancellation window: the credits were kept (issue 13). */
  lateCancel?: boolean;
  bookingsUrl: string;
};

export const CLASS_MAIL_SUBJECTS: Record<ClassMailKind, (classTitle: string) => string> = {
  'booking-confirmed': (title) => `Booking confirmed: ${title}`,
  'booking-cancelled': (title) => `Booking cancelled: ${title}`,
  'booking-removed': (title) => `Booking cancelled by the school: ${title}`,
  'class-cancelled': (title) => `Class cancelled by the school: ${title}`,
  'waitlist-promoted': (title) => `You're in: ${title}`,
};

const classMailSubject = (kind: ClassMailKind, classTitle: string, schoolName: string) =>
  `${CLASS_MAIL_SUBJECTS[kind](classTitle)} · ${schoolName}`;

/** A class as mails name it: its title, and its type's in brackets when known. */
export const mailClassTitle = (title: string, courseTitle: string | null) =>
  courseTitle ? `${title} (${courseTitle})` : title;

function Summary({
  kind,
  credits: count,
  lateCancel,
}: Pick<ClassMailProps, 'kind' | 'credits' | 'lateCancel'>) {
  if (kind === 'booking-confirmed') {
    return (
      <Paragraph>
        {`Your place is booked; ${creditCount(count)} used. The calendar file attached adds the class to your calendar.`}
      </Paragraph>
    );
  }
  if (kind === 'waitlist-promoted') {
    return (
      <Paragraph>
        {`A seat came free and you were first in line on the waitlist: your place is booked; ${creditCount(count)} used. The calendar file attached adds the class to your calendar.`}
      </Paragraph>
    );
  }
  if (kind === 'booking-removed') {
    return (
      <Paragraph>{`The school has cancelled your booking of this class; ${creditCount(count)} returned to your balance.`}</Paragraph>
    );
  }
  if (kind === 'booking-cancelled') {
    return (
      <Paragraph>
        {lateCancel
          ? `You cancelled this booking after free cancellation had ended; the ${creditCount(count)} it used are not returned.`
          : `You cancelled this booking; ${creditCount(count)} returned to your balance.`}
      </Paragraph>
    );
  }
  return (
    <Paragraph>
      {`We are sorry: the school has cancelled this class. Your booking is cancelled and ${creditCount(count)} returned to your balance.`}
    </Paragraph>
  );
}

export function ClassMail(props: ClassMailProps) {
  return (
    <MailLayout preview={CLASS_MAIL_SUBJECTS[props.kind](props.classTitle)}>
      <Paragraph>{`Hello ${props.name},`}</Paragraph>
      <Summary kind={props.kind} credits={props.credits} lateCancel={props.lateCancel} />
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      <Action href={props.bookingsUrl} label="Your bookings" />
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
  const rendered = renderMail(
    classMailSubject(kind, classTitle, context.school.schoolName),
    <ClassMail
      kind={kind}
      name={to.name}
      classTitle={classTitle}
      when={formatMailTime(schedule.startsAt, to.timezone ?? context.school.timeZone)}
      // A cancel says what actually came back (less than the booking used once its lot was clawed back
      // or the credits were already given back); other mails say what the booking used.
      credits={found.creditsBack ?? booking.credits}
      lateCancel={booking.lateCancel}
      bookingsUrl={`${context.appUrl}/user/list-schedule`}
    />,
    context.school.schoolName,
  );
  const method = kind === 'booking-confirmed' || kind === 'waitlist-promoted' ? 'REQUEST' : 'CANCEL';
  const calendar = calendarFile(
    [
      {
        ...bookingEvent(found, null, context.school.meetingLinkLeadMinutes),
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
  return classMail(mail.kind as ClassMailKind, mail.event, draft.to, booked, {
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
  );
}
