import type { OptionalMailKind } from '@tokenly/contract/mail';
import { type MailTranslator, mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { ReactElement } from 'react';
import type { CurrentSchoolSettings } from '../school-settings/school-settings-service';
import { unsubscribeLinks } from './mail-preferences';
import type { MailRecipient } from './mail-recipients-repository';
import type { MailKind, OutgoingMail } from './mail-types';
import { formatMailTime, renderMail, withSchool } from './render-mail';
import type { UnsubscribeNote } from './templates/mail-layout';

/** What an optional mail's template is drawn with: the recipient's words, zone and one-click note. */
export type OptionalMailDrawing = {
  language: MailTranslator;
  /** An instant as the recipient reads it: in their zone (else the school's), with the zone named. */
  time: (instant: Date) => string;
  unsubscribe: UnsubscribeNote;
};

/**
 * A mail the recipient may turn off (reminders, notices): in their language, the school's name in its
 * subject, and the one-click unsubscribe of `optOut` both as headers (RFC 8058) and as the note of its
 * footer, so every such mail offers the same way out.
 */
export function optionalMail(
  to: MailRecipient,
  context: { appUrl: string; school: CurrentSchoolSettings },
  optOut: { token: string; kind: OptionalMailKind },
  mail: { kind: MailKind; event: string },
  draw: (drawing: OptionalMailDrawing) => { subject: string; body: ReactElement },
): OutgoingMail {
  const unsubscribe = unsubscribeLinks(context.appUrl, optOut.token, optOut.kind);
  const language = mailTranslator(to.locale);
  const zone = to.timezone ?? context.school.timeZone;
  const { subject, body } = draw({
    language,
    time: (instant) => formatMailTime(instant, zone, to.locale),
    unsubscribe: unsubscribe.note,
  });
  const school = context.school.schoolName;
  return {
    ...renderMail(withSchool(subject, school), body, school, language),
    ...mail,
    to: to.email,
    headers: unsubscribe.headers,
  };
}
