import { creditCount } from '@tokenly/contract/constants';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail } from '../render-mail';
import { Action, LineBreak, MailLayout, Paragraph, Strong } from './mail-layout';

// The waitlist's notices without a seat (issue 14); the "you're in" mail is a class mail with its
// calendar invitation (class-mail.tsx, kind waitlist-promoted).

export type WaitlistNoticeKind = 'waitlist-skipped' | 'waitlist-closed';

export type WaitlistNoticeProps = {
  kind: WaitlistNoticeKind;
  name: string;
  classTitle: string;
  when: string;
  credits: number;
  url: string;
  /** The waitlist closed because the school cancelled the class, not at its cutoff. */
  cancelled: boolean;
};

export const WAITLIST_NOTICE_SUBJECTS: Record<WaitlistNoticeKind, (classTitle: string) => string> = {
  'waitlist-skipped': (title) => `A seat came free, but your credits are short: ${title}`,
  'waitlist-closed': (title) => `The waitlist has closed: ${title}`,
};

function Summary({ kind, credits, cancelled }: Pick<WaitlistNoticeProps, 'kind' | 'credits' | 'cancelled'>) {
  const cost = creditCount(credits);
  if (kind === 'waitlist-skipped') {
    return (
      <Paragraph>
        {`A seat came free and it was your turn, but this class costs ${cost} and your balance is lower, so the seat went to the next in line. You keep your place: buy credits and you can be booked when the next seat frees.`}
      </Paragraph>
    );
  }
  return (
    <Paragraph>
      {cancelled
        ? 'The school has cancelled this class, so its waitlist has closed. You were not booked and no credits were taken.'
        : 'No seat came free in time and the waitlist of this class has now closed. You were not booked and no credits were taken.'}
    </Paragraph>
  );
}

export function WaitlistNotice(props: WaitlistNoticeProps) {
  return (
    <MailLayout preview={WAITLIST_NOTICE_SUBJECTS[props.kind](props.classTitle)}>
      <Paragraph>{`Hello ${props.name},`}</Paragraph>
      <Summary kind={props.kind} credits={props.credits} cancelled={props.cancelled} />
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      <Action
        href={props.url}
        label={props.kind === 'waitlist-skipped' ? 'Buy credits' : 'Find another class'}
      />
    </MailLayout>
  );
}

export function waitlistNotice(
  kind: WaitlistNoticeKind,
  event: string,
  to: MailRecipient,
  found: { classTitle: string; startsAt: Date; credits: number; cancelled: boolean },
  context: { appUrl: string; school: CurrentSchoolSettings },
): OutgoingMail {
  const rendered = renderMail(
    `${WAITLIST_NOTICE_SUBJECTS[kind](found.classTitle)} · ${context.school.schoolName}`,
    <WaitlistNotice
      kind={kind}
      name={to.name}
      classTitle={found.classTitle}
      when={formatMailTime(found.startsAt, to.timezone ?? context.school.timeZone)}
      credits={found.credits}
      cancelled={found.cancelled}
      url={kind === 'waitlist-skipped' ? `${context.appUrl}/membership` : `${context.appUrl}/`}
    />,
    context.school.schoolName,
  );
  return { ...rendered, event, kind, to: to.email };
}
