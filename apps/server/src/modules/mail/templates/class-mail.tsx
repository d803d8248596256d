import { Action, MailLayout, Paragraph } from './mail-layout';

// The three mails about one booked class share this body; what happened is the only difference.

export type ClassMailKind = 'booking-confirmed' | 'booking-cancelled' | 'class-cancelled';

export type ClassMailProps = {
  kind: ClassMailKind;
  name: string;
  classTitle: string;
  /** Already in the recipient's zone, with the zone named. */
  when: string;
  credits: number;
  bookingsUrl: string;
};

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

export const CLASS_MAIL_SUBJECTS: Record<ClassMailKind, (classTitle: string) => string> = {
  'booking-confirmed': (title) => `Booking confirmed: ${title}`,
  'booking-cancelled': (title) => `Booking cancelled: ${title}`,
  'class-cancelled': (title) => `Class cancelled by the school: ${title}`,
};

function Summary({ kind, credits: count }: Pick<ClassMailProps, 'kind' | 'credits'>) {
  if (kind === 'booking-confirmed') {
    return (
      <Paragraph>
        Your place is booked; {credits(count)} used. The calendar file attached adds the class to your
        calendar.
      </Paragraph>
    );
  }
  if (kind === 'booking-cancelled') {
    return <Paragraph>You cancelled this booking; {credits(count)} returned to your balance.</Paragraph>;
  }
  return (
    <Paragraph>
      We are sorry: the school has cancelled this class. Your booking is cancelled and {credits(count)}{' '}
      returned to your balance.
    </Paragraph>
  );
}

export function ClassMail(props: ClassMailProps) {
  return (
    <MailLayout preview={CLASS_MAIL_SUBJECTS[props.kind](props.classTitle)}>
      <Paragraph>Hello {props.name},</Paragraph>
      <Summary kind={props.kind} credits={props.credits} />
      <Paragraph>
        <strong>{props.classTitle}</strong>
        <br />
        {props.when}
      </Paragraph>
      <Action href={props.bookingsUrl} label="Your bookings" />
    </MailLayout>
  );
}
