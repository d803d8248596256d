import type { Locale } from '@tokenly/i18n/locales';
import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { OutgoingMail } from '../mail-types';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph, useMailT } from './mail-layout';

/** `name` only for a verified address: anyone can sign up with a stranger's address and a name of their own words. */
export type PasswordResetMailProps = { name: string | null; link: string; validMinutes: number };

export function PasswordResetMail({ name, link, validMinutes }: PasswordResetMailProps) {
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.passwordReset.preview')}>
      <Paragraph>{name ? t('mail.helloName', { name }) : t('mail.hello')}</Paragraph>
      <Paragraph>{t('mail.passwordReset.body', { minutes: validMinutes })}</Paragraph>
      <Action href={link} label={t('mail.passwordReset.action')} />
      <Paragraph>{t('mail.passwordReset.notYou')}</Paragraph>
    </MailLayout>
  );
}

/** The reset mail of `event` to one user, in their account's language. */
export function passwordResetMail(
  event: string,
  to: { email: string; name: string | null; locale: Locale },
  { school, ...props }: Omit<PasswordResetMailProps, 'name'> & { school: string },
): OutgoingMail {
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    language.t('mail.passwordReset.subject', { school }),
    <PasswordResetMail name={to.name} {...props} />,
    school,
    language,
  );
  return { ...rendered, event, kind: 'password-reset', to: to.email };
}
