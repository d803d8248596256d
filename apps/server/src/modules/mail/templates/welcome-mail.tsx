import { useContext } from 'react';
import type { OutgoingMail } from '../mail-types';
import { renderMail } from '../render-mail';
import { Action, MailLayout, Paragraph, SchoolName } from './mail-layout';

/**
 * No name in the greeting: the address is not verified yet, and anyone can sign up with anyone's address
 * and a "name" of their own words; the mail must carry none of them to a stranger.
 */
export function WelcomeMail({ link, again }: { link: string; again: boolean }) {
  const school = useContext(SchoolName);
  return (
    <MailLayout preview="Verify your email address">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {again
          ? 'Here is a new link to verify the email address of your account.'
          : `Welcome to ${school}! Your account is ready: book a class whenever you like. Please verify your email address with this link, so our mail reaches you.`}
      </Paragraph>
      <Action href={link} label="Verify my email" />
      <Paragraph>If you did not sign up, ignore this mail.</Paragraph>
    </MailLayout>
  );
}

/**
 * The welcome mail at sign-up, or a new verification link the learner asked for (`again`). The event
 * names the token (its hash prefix), so each link is mailed once.
 */
export function welcomeMail(
  event: string,
  to: { email: string },
  { link, again, school }: { link: string; again: boolean; school: string },
): OutgoingMail {
  const rendered = renderMail(
    again ? `Verify your email address · ${school}` : `Welcome to ${school}: verify your email`,
    <WelcomeMail link={link} again={again} />,
    school,
  );
  return { ...rendered, event, kind: again ? 'email-verification' : 'welcome', to: to.email };
}
