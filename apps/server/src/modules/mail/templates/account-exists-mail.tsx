import type { OutgoingMail } from '../mail-types';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph } from './mail-layout';

/** `name` only for a verified address, as in the reset mail. */
export type AccountExistsMailProps = { name: string | null; loginLink: string; resetLink: string };

/**
 * Sign-up with an address that already has an account: the answer on the page does not say so (that
 * would tell anyone which addresses are known), so the owner learns it here.
 */
export function AccountExistsMail({ name, loginLink, resetLink }: AccountExistsMailProps) {
  return (
    <MailLayout preview="You already have an account">
      <Paragraph>{name ? `Hello ${name},` : 'Hello,'}</Paragraph>
      <Paragraph>
        Someone, maybe you, tried to create a new account with this email address. You already have an account
        with it, so no new one was made. Sign in with your password:
      </Paragraph>
      <Action href={loginLink} label="Sign in" />
      <Paragraph>{`Forgot your password? Set a new one here: ${resetLink}`}</Paragraph>
      <Paragraph>If it was not you, ignore this mail: nothing has changed in your account.</Paragraph>
    </MailLayout>
  );
}

export function accountExistsMail(
  event: string,
  to: { email: string; name: string | null },
  { school, ...props }: Omit<AccountExistsMailProps, 'name'> & { school: string },
): OutgoingMail {
  const rendered = renderMail(
    `You already have an account at ${school}`,
    <AccountExistsMail name={to.name} {...props} />,
    school,
  );
  return { ...rendered, event, kind: 'account-exists', to: to.email };
}
