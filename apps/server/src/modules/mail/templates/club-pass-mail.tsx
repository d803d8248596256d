import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { optionalMail } from '../optional-mail';
import { Action, MailLayout, Paragraph, type UnsubscribeNote, useMailT } from './mail-layout';

/** The two things a learner hears of their Conversation Club pass: days were added, or it ends soon. */
const NEWS = {
  granted: {
    kind: 'club-pass-granted',
    subject: 'mail.clubPassGranted.subject',
    body: 'mail.clubPassGranted.body',
    action: 'mail.clubPassGranted.action',
  },
  ending: {
    kind: 'club-pass-ending',
    subject: 'mail.clubPassEnding.subject',
    body: 'mail.clubPassEnding.body',
    action: 'mail.clubPassEnding.action',
  },
} as const;
type ClubPassNews = keyof typeof NEWS;

export type ClubPassMailProps = {
  news: ClubPassNews;
  name: string;
  /** The pass's end, already in the recipient's zone, with the zone named. */
  date: string;
  actionUrl: string;
  unsubscribe: UnsubscribeNote;
};

export function ClubPassMail(props: ClubPassMailProps) {
  const t = useMailT();
  return (
    <MailLayout preview={t(NEWS[props.news].subject, { date: props.date })} unsubscribe={props.unsubscribe}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t(NEWS[props.news].body, { date: props.date })}</Paragraph>
      <Action href={props.actionUrl} label={t(NEWS[props.news].action)} />
    </MailLayout>
  );
}

type MailContext = { appUrl: string; school: CurrentSchoolSettings };

// Both are sent with the credit notices' switch.
function clubPassMail(
  news: ClubPassNews,
  to: MailRecipient,
  pass: { endsAt: Date; event: string; actionPath: string },
  context: MailContext,
  mailToken: string,
): OutgoingMail {
  return optionalMail(
    to,
    context,
    { token: mailToken, kind: 'credits-expiring' },
    { kind: NEWS[news].kind, event: pass.event },
    ({ language, time, unsubscribe }) => {
      const date = time(pass.endsAt);
      return {
        subject: language.t(NEWS[news].subject, { date }),
        body: (
          <ClubPassMail
            news={news}
            name={to.name}
            date={date}
            actionUrl={`${context.appUrl}${pass.actionPath}`}
            unsubscribe={unsubscribe}
          />
        ),
      };
    },
  );
}

/**
 * The news that days were added to a pass (a club plan's period, a package's free month, an
 * administrator's grant), with its new end and the timetable. The change is the event: each addition is
 * told once.
 */
export function clubPassGrantedMail(
  to: MailRecipient,
  pass: { endsAt: Date; eventId: number },
  context: MailContext,
  mailToken: string,
): OutgoingMail {
  const event = `club-pass-event:${pass.eventId}`;
  return clubPassMail(
    'granted',
    to,
    { endsAt: pass.endsAt, event, actionPath: '/timetable' },
    context,
    mailToken,
  );
}

/**
 * The notice that a pass ends soon, with the way to continue (the club plan). The pass's end is the
 * event, so an extended pass is told of its new end again.
 */
export function clubPassEndingMail(
  to: MailRecipient,
  pass: { endsAt: Date; event: string },
  context: MailContext,
  mailToken: string,
): OutgoingMail {
  return clubPassMail('ending', to, { ...pass, actionPath: '/membership' }, context, mailToken);
}
