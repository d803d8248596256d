import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { MailRecipient } from '../mail-recipients-repository';
import type { OutgoingMail } from '../mail-types';
import { renderMail, withSchool } from '../render-mail';
import { Action, MailLayout, Paragraph, useMailT } from './mail-layout';

export type LevelChangedMailProps = { name: string; level: string; teacher: string; actionUrl: string };

export function LevelChangedMail(props: LevelChangedMailProps) {
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.levelChanged.subject', { level: props.level })}>
      <Paragraph>{t('mail.helloName', { name: props.name })}</Paragraph>
      <Paragraph>{t('mail.levelChanged.body', { level: props.level, teacher: props.teacher })}</Paragraph>
      <Action href={props.actionUrl} label={t('mail.levelChanged.action')} />
    </MailLayout>
  );
}

/**
 * The learner's level changed on their teacher's suggestion, confirmed by the school. A change to their
 * account, like a receipt: sent whatever their notice switches say. One a suggestion.
 */
export function levelChangedMail(
  to: MailRecipient,
  change: { suggestionId: number; level: string; teacher: string },
  context: { appUrl: string; school: CurrentSchoolSettings },
): OutgoingMail {
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    withSchool(language.t('mail.levelChanged.subject', { level: change.level }), context.school.schoolName),
    <LevelChangedMail
      name={to.name}
      level={change.level}
      teacher={change.teacher}
      actionUrl={`${context.appUrl}/user/progress`}
    />,
    context.school.schoolName,
    language,
  );
  return {
    ...rendered,
    event: `level-suggestion:${change.suggestionId}:accepted`,
    kind: 'level-changed',
    to: to.email,
  };
}
