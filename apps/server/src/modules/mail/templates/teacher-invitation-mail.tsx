import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { useContext } from 'react';
import type { OutgoingMail } from '../mail-types';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph, SchoolName } from './mail-layout';

export type TeacherInvitationMailProps = { name: string; link: string; validDays: number };

export function TeacherInvitationMail({ name, link, validDays }: TeacherInvitationMailProps) {
  const school = useContext(SchoolName);
  return (
    <MailLayout preview={`You teach at ${school}`}>
      <Paragraph>{`Hello ${name},`}</Paragraph>
      <Paragraph>
        {`You have been added as a teacher at ${school}. Set your password with this link within ${validDays} days; it works once. Then sign in to see your classes, their rosters and to record attendance.`}
      </Paragraph>
      <Action href={link} label="Set your password" />
    </MailLayout>
  );
}

/** The invitation of `event` to one new teacher, in English as the teacher's screens are. */
export function teacherInvitationMail(
  event: string,
  to: { email: string; name: string },
  { school, ...props }: Omit<TeacherInvitationMailProps, 'name'> & { school: string },
): OutgoingMail {
  const rendered = renderMail(
    `You are invited to teach at ${school}`,
    <TeacherInvitationMail name={to.name} {...props} />,
    school,
    mailTranslator('en'),
  );
  return { ...rendered, event, kind: 'teacher-invitation', to: to.email };
}
