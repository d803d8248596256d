import type { ContactMessageRow } from '../../../db/schema/contact-messages';
import type { CurrentSchoolSettings } from '../../school-settings/school-settings-service';
import type { OutgoingMail } from '../mail-types';
import { formatMailTime, renderMail } from '../render-mail';
import { Action, LineBreak, Lines, MailLayout, Paragraph } from './mail-layout';

// The contact form's two mails (issue 12, mail 7): the enquiry to the school, which a reply answers
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
  return (
    <MailLayout preview="We have your message">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Thank you for writing to us. We have your message and our team will reply by email within two working
        days.
      </Paragraph>
    </MailLayout>
  );
}

export type ContactMailContext = { appUrl: string; school: CurrentSchoolSettings };

/** Both mails of one enquiry; its id is their event, so a retried request cannot send them twice. */
export function contactMails(enquiry: ContactMessageRow, context: ContactMailContext): OutgoingMail[] {
  const event = `contact:${enquiry.id}`;
  const toSchool = renderMail(
    `Enquiry from ${enquiry.name}: ${enquiry.course} · ${context.school.schoolName}`,
    <ContactEnquiryMail
      enquiry={enquiry}
      received={formatMailTime(enquiry.createdAt, context.school.timeZone)}
      messagesUrl={`${context.appUrl}/admin/messages`}
    />,
    context.school.schoolName,
  );
  const toSender = renderMail(
    `We have your message · ${context.school.schoolName}`,
    <ContactReceivedMail />,
    context.school.schoolName,
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
