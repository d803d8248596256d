import { randomUUID } from 'node:crypto';
import { isLocale, type Locale } from '@tokenly/i18n/locales';
import { mailTranslator } from '@tokenly/i18n/mail-catalogs';
import type { ContactMessageRow } from '../../../db/schema/contact-messages';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail, withSchool } from '../render-mail';
import { Action, LineBreak, Lines, MailLayout, Paragraph, useMailT } from './mail-layout';

// The contact form's two mails: the enquiry to the school, which a reply answers
// straight to the sender (Reply-To), and a short acknowledgement to the sender, which repeats nothing of
// the message: anyone can type someone else's address into the form.

export function ContactEnquiryMail({
  enquiry,
  received,
  messagesUrl,
}: {
  enquiry: ContactMessageRow;
  received: string;
  messagesUrl: string;
}) {
  return (
    <MailLayout preview={`Enquiry from ${enquiry.name}`}>
      <Paragraph>A new enquiry came in through the contact form.</Paragraph>
      <Paragraph>
        {`Name: ${enquiry.name}`}
        <LineBreak />
        {`Email: ${enquiry.email}`}
        <LineBreak />
        {`Phone: ${enquiry.phone ?? '—'}`}
        <LineBreak />
        {`Course interest: ${enquiry.course}`}
        <LineBreak />
        {`Received: ${received}`}
      </Paragraph>
      <Paragraph>
        <Lines text={enquiry.message} />
      </Paragraph>
      <Paragraph>Reply to this mail to answer the sender.</Paragraph>
      <Action href={messagesUrl} label="All messages" />
    </MailLayout>
  );
}

/** Not even the name typed in the form: the receipt may reach a stranger whose address was typed. */
export function ContactReceivedMail() {
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.contactReceived.subject')}>
      <Paragraph>{t('mail.hello')}</Paragraph>
      <Paragraph>{t('mail.contactReceived.body')}</Paragraph>
    </MailLayout>
  );
}

export type ContactMailContext = { appUrl: string; school: CurrentSchoolSettings };

/**
 * Both mails of one enquiry; its id is their event, so a retried request cannot send them twice. The
 * school's is in English, as the administrator's screens are; the sender's receipt in `locale`, the
 * language the form was sent in (the sender may have no account to read one from).
 */
export function contactMails(
  enquiry: ContactMessageRow,
  context: ContactMailContext,
  locale: Locale,
): OutgoingMail[] {
  const event = `contact:${enquiry.id}`;
  const english = mailTranslator('en');
  const sender = mailTranslator(locale);
  const toSchool = renderMail(
    withSchool(`Enquiry from ${enquiry.name}: ${enquiry.course}`, context.school.schoolName),
    <ContactEnquiryMail
      enquiry={enquiry}
      received={formatMailTime(enquiry.createdAt, context.school.timeZone, english.locale)}
      messagesUrl={`${context.appUrl}/admin/messages`}
    />,
    context.school.schoolName,
    english,
  );
  const toSender = renderMail(
    withSchool(sender.t('mail.contactReceived.subject'), context.school.schoolName),
    <ContactReceivedMail />,
    context.school.schoolName,
    sender,
  );
  return [
    {
      ...toSchool,
      event,
      kind: 'contact-enquiry',
      to: context.school.schoolEmail,
      headers: { 'Reply-To': enquiry.email },
    },
    { ...toSender, event, kind: 'contact-received', to: enquiry.email },
  ];
}

/** The school's reply to an enquiry, in the language the form was sent in; the sender writes back by mail. */
export function ContactReplyMail({ reply, sent }: { reply: string; sent: string }) {
  const t = useMailT();
  return (
    <MailLayout preview={t('mail.contactReply.subject')}>
      <Paragraph>{t('mail.hello')}</Paragraph>
      <Paragraph>{t('mail.contactReply.intro', { date: sent })}</Paragraph>
      <Paragraph>
        <Lines text={reply} />
      </Paragraph>
    </MailLayout>
  );
}

/**
 * A reply's mail, to the address the enquiry came from, answered back to the school's contact address
 * (Reply-To). Each reply is an event of its own: a follow-up is a second mail, not a repeat of the first.
 */
export function contactReplyMail(
  enquiry: ContactMessageRow,
  reply: string,
  context: ContactMailContext,
): OutgoingMail {
  const translator = mailTranslator(isLocale(enquiry.locale) ? enquiry.locale : 'en');
  const mail = renderMail(
    withSchool(translator.t('mail.contactReply.subject'), context.school.schoolName),
    <ContactReplyMail
      reply={reply}
      sent={formatMailTime(enquiry.createdAt, context.school.timeZone, translator.locale)}
    />,
    context.school.schoolName,
    translator,
  );
  return {
    ...mail,
    event: `contact:${enquiry.id}:reply:${randomUUID()}`,
    kind: 'contact-reply',
    to: enquiry.email,
    headers: { 'Reply-To': context.school.schoolEmail },
  };
}
