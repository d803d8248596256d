import { type MailKey, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { Action, LineBreak, MailLayout, Paragraph, Strong, useMailT } from './mail-layout';

// The waitlist's notices without a seat; the "you're in" mail is a class mail with its
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

const WAITLIST_NOTICE_SUBJECTS: Record<WaitlistNoticeKind, MailKey> = {
  'waitlist-skipped': 'mail.waitlist.subject.skipped',
  'waitlist-closed': 'mail.waitlist.subject.closed',
};

export function WaitlistNotice(props: WaitlistNoticeProps) {
  const t = useMailT();
  const skipped = props.kind === 'waitlist-skipped';
  return (
    <MailLayout preview={t(WAITLIST_NOTICE_SUBJECTS[props.kind], { title: props.classTitle })}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>
        {skipped
          ? t('mail.waitlist.skipped', { count: props.credits })
          : t(props.cancelled ? 'mail.waitlist.closedCancelled' : 'mail.waitlist.closed')}
      </Paragraph>
      <Paragraph>
        <Strong>{props.classTitle}</Strong>
        <LineBreak />
        {props.when}
      </Paragraph>
      <Action href={props.url} label={t(skipped ? 'mail.waitlist.buyCredits' : 'mail.waitlist.findClass')} />
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
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    withSchool(
      language.t(WAITLIST_NOTICE_SUBJECTS[kind], { title: found.classTitle }),
      context.school.schoolName,
    ),
    <WaitlistNotice
      kind={kind}
      name={to.name}
      classTitle={found.classTitle}
      when={formatMailTime(found.startsAt, to.timezone ?? context.school.timeZone, to.locale)}
      credits={found.credits}
      cancelled={found.cancelled}
      url={kind === 'waitlist-skipped' ? `${context.appUrl}/membership` : `${context.appUrl}/`}
    />,
    context.school.schoolName,
    language,
  );
  return { ...rendered, event, kind, to: to.email };
}
