import type { Locale } from '@tokenly/i18n/locales';
import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { OutgoingMail } from '../mail-types';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph, useMailT } from './mail-layout';

/** `name` only for a verified address, as in the reset mail. */
export type AccountExistsMailProps = { name: string | null; loginLink: string; resetLink: string };

/**
 * Sign-up with an address that already has an account: the answer on the page does not say so (that
 * would tell anyone which addresses are known), so the owner learns it here.
 */
export function AccountExistsMail({ name, loginLink, resetLink }: AccountExistsMailProps) {
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.accountExists.preview')}>
      <Paragraph>{name ? t('mail.helloName', { name }) : t('mail.hello')}</Paragraph>
      <Paragraph>{t('mail.accountExists.body')}</Paragraph>
      <Action href={loginLink} label={t('mail.accountExists.action')} />
      <Paragraph>{t('mail.accountExists.reset', { link: resetLink })}</Paragraph>
      <Paragraph>{t('mail.accountExists.notYou')}</Paragraph>
    </MailLayout>
  );
}

/**
 * In the language of the account the address has (its owner's, whoever typed the address in), so the
 * mail tells nothing of the stranger who may have.
 */
export function accountExistsMail(
  event: string,
  to: { email: string; name: string | null; locale: Locale },
  { school, ...props }: Omit<AccountExistsMailProps, 'name'> & { school: string },
): OutgoingMail {
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    language.t('mail.accountExists.subject', { school }),
    <AccountExistsMail name={to.name} {...props} />,
    school,
    language,
  );
  return { ...rendered, event, kind: 'account-exists', to: to.email };
}
