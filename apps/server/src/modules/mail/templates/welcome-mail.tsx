import type { Locale } from '@tokenly/i18n/locales';
import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import { useContext } from 'react';
import type { OutgoingMail } from '../mail-types';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph, SchoolName, useMailT } from './mail-layout';

/**
 * No name in the greeting: the address is not verified yet, and anyone can sign up with anyone's address
 * and a "name" of their own words; the mail must carry none of them to a stranger.
 */
export function WelcomeMail({ link, again }: { link: string; again: boolean }) {
  const school = useContext(SchoolName);
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.welcome.preview')}>
      <Paragraph>{t('mail.hello')}</Paragraph>
      <Paragraph>{again ? t('mail.welcome.bodyAgain') : t('mail.welcome.body', { school })}</Paragraph>
      <Action href={link} label={t('mail.welcome.action')} />
      <Paragraph>{t('mail.welcome.notYou')}</Paragraph>
    </MailLayout>
  );
}

/**
 * The welcome mail at sign-up, or a new verification link the learner asked for (`again`), in the
 * account's language. The event names the token (its hash prefix), so each link is mailed once.
 */
export function welcomeMail(
  event: string,
  to: { email: string; locale: Locale },
  { link, again, school }: { link: string; again: boolean; school: string },
): OutgoingMail {
  const language = mailTranslator(to.locale);
  const rendered = renderMail(
    again
      ? language.t('mail.welcome.subjectAgain', { school })
      : language.t('mail.welcome.subject', { school }),
    <WelcomeMail link={link} again={again} />,
    school,
    language,
  );
  return { ...rendered, event, kind: again ? 'email-verification' : 'welcome', to: to.email };
}
