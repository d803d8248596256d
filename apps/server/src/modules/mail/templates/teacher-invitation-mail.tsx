import type { OutgoingMail } from '../mailer';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph, SCHOOL_NAME } from './mail-layout';

export type TeacherInvitationMailProps = { name: string; link: string; validDays: number };

export function TeacherInvitationMail({ name, link, validDays }: TeacherInvitationMailProps) {
  return (
    <MailLayout preview={`You teach at ${SCHOOL_NAME}`}>
      <Paragraph>{`Hello ${name},`}</Paragraph>
      <Paragraph>
        {`You have been added as a teacher at ${SCHOOL_NAME}. Set your password with this link within ${validDays} days; it works once. Then sign in to see your classes, their rosters and to record attendance.`}
      </Paragraph>
      <Action href={link} label="Set your password" />
    </MailLayout>
  );
}

/** The invitation of `event` to one new teacher. */
export async function teacherInvitationMail(
  event: string,
  to: { email: string; name: string },
  props: Omit<TeacherInvitationMailProps, 'name'>,
): Promise<OutgoingMail> {
  const rendered = await renderMail(
    `You are invited to teach at ${SCHOOL_NAME}`,
    <TeacherInvitationMail name={to.name} {...props} />,
  );
  return { ...rendered, event, kind: 'teacher-invitation', to: to.email };
}
