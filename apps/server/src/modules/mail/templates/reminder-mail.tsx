import type { BookingWithClass } from '../../bookings/bookings-repository';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { optionalMail } from '../optional-mail';
import { mailClassTitle } from './class-mail';
import {
  Action,
  LineBreak,
  MailLayout,
  Paragraph,
  Strong,
  type UnsubscribeNote,
  useMailT,
} from './mail-layout';

export const REMINDER_KINDS = ['class-reminder', 'class-starting-soon'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export type ReminderMailProps = {
  kind: ReminderKind;
  name: string;
  classTitle: string;
  /** Already in the recipient's zone, with the zone named. */
  when: string;
  hoursBefore: number;
  /** The school's meeting-link lead time: the starting-soon mail goes when the link is released. */
  leadMinutes: number;
  /** The learner's join link; only the starting-soon mail has it (it is released then). */
  meetingLink: string | null;
  bookingsUrl: string;
  unsubscribe: UnsubscribeNote;
};

export function ReminderMail(props: ReminderMailProps) {
  const t = useMailT();
  const soon = props.kind === 'class-starting-soon';
  return (
    <MailLayout
      preview={t(soon ? 'mail.reminder.subjectSoon' : 'mail.reminder.subject', { title: props.classTitle })}
      unsubscribe={props.unsubscribe}
    >
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>
        {soon
          ? t('mail.reminder.bodySoon', { minutes: props.leadMinutes })
          : t('mail.reminder.body', { hours: props.hoursBefore })}
      </Paragraph>
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      {soon && props.meetingLink ? (
        <Action href={props.meetingLink} label={t('mail.reminder.join')} />
      ) : (
        <Action href={props.bookingsUrl} label={t('mail.action.bookings')} />
      )}
      {soon ? null : <Paragraph>{t('mail.reminder.linkLater', { minutes: props.leadMinutes })}</Paragraph>}
    </MailLayout>
  );
}

export type ReminderMailContext = { appUrl: string; school: CurrentSchoolSettings; hoursBefore: number };

/** One reminder about a booked class; its event names the booking, so each goes once per booking. */
export function reminderMail(
  kind: ReminderKind,
  to: MailRecipient,
  { booking, schedule, courseTitle }: BookingWithClass,
  context: ReminderMailContext,
  mailToken: string,
): OutgoingMail {
  const classTitle = mailClassTitle(schedule.title, courseTitle);
  return optionalMail(
    to,
    context,
    { token: mailToken, kind },
    { kind, event: reminderEvent(kind, booking.id) },
    ({ language, time, unsubscribe }) => ({
      subject: language.t(
        kind === 'class-starting-soon' ? 'mail.reminder.subjectSoon' : 'mail.reminder.subject',
        { title: classTitle },
      ),
      body: (
        <ReminderMail
          kind={kind}
          name={to.name}
          classTitle={classTitle}
          when={time(schedule.startsAt)}
          hoursBefore={context.hoursBefore}
          leadMinutes={context.school.meetingLinkLeadMinutes}
          meetingLink={schedule.meetingLink}
          bookingsUrl={`${context.appUrl}/user/list-schedule`}
          unsubscribe={unsubscribe}
        />
      ),
    }),
  );
}

export function reminderEvent(kind: ReminderKind, bookingId: number): string {
  return `booking:${bookingId}:${kind}`;
}
