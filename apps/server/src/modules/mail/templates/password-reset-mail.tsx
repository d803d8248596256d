import type { OutgoingMail } from '../mail-types';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph } from './mail-layout';

/** `name` only for a verified address: anyone can sign up with a stranger's address and a name of their own words. */
export type PasswordResetMailProps = { name: string | null; link: string; validMinutes: number };

export function PasswordResetMail({ name, link, validMinutes }: PasswordResetMailProps) {
  return (
    <MailLayout preview="Set a new password">
      <Paragraph>{name ? `Hello ${name},` : 'Hello,'}</Paragraph>
      <Paragraph>
        {`Someone asked to reset the password of your account. If it was you, set a new password with this link within ${validMinutes} minutes. It works once.`}
      </Paragraph>
      <Action href={link} label="Set a new password" />
      <Paragraph>If you did not ask for this, ignore this mail: your password stays as it is.</Paragraph>
    </MailLayout>
  );
}

/** The reset mail of `event` to one user. */
export function passwordResetMail(
  event: string,
  to: { email: string; name: string | null },
  { school, ...props }: Omit<PasswordResetMailProps, 'name'> & { school: string },
): OutgoingMail {
  const rendered = renderMail(
    `Set a new password for ${school}`,
    <PasswordResetMail name={to.name} {...props} />,
    school,
  );
  return { ...rendered, event, kind: 'password-reset', to: to.email };
}
