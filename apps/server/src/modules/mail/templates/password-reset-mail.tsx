import { Action, MailLayout, Paragraph } from './mail-layout';

export type PasswordResetMailProps = { name: string; link: string; validMinutes: number };

export function PasswordResetMail({ name, link, validMinutes }: PasswordResetMailProps) {
  return (
    <MailLayout preview="Set a new password">
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        Someone asked to reset the password of your account. If it was you, set a new password with this link
        within {validMinutes} minutes. It works once.
      </Paragraph>
      <Action href={link} label="Set a new password" />
      <Paragraph>If you did not ask for this, ignore this mail: your password stays as it is.</Paragraph>
    </MailLayout>
  );
}
