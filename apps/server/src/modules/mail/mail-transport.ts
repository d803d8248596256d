import { createTransport } from 'nodemailer';
import type { DrawnMail } from './draw-mail';

/** Hands one rendered mail to an SMTP server; resolves only once the server has accepted it. */
export type MailTransport = {
  deliver: (mail: DrawnMail, from: string) => Promise<void>;
  close: () => void;
};

/**
 * nodemailer over SMTP_URL: smtps:// is TLS from the first byte; smtp:// upgrades with STARTTLS whenever
 * the server offers it (nodemailer's default), so credentials in the URL never cross the wire in clear
 * text to a server that can encrypt.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // A server that stalls fails the attempt well within its job's 120 s (mailer.ts), which is retried
  // later: nodemailer's own limits (2 minutes to connect, 10 of silence) outlast the job, and a batch of
  // mail whose job expires is failed whole, the mail already sent with it included.
  const transporter = createTransport({
    url: smtpUrl,
    dnsTimeout: 10_000,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 30_000,
  });
  return {
    async deliver(mail, from) {
      const { 'Message-ID': messageId, Date: date, ...headers } = mail.headers;
      const calendar = mail.attachments.find((file) => file.contentType.startsWith('text/calendar'));
      const info = await transporter.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId,
        date,
        headers,
        // A calendar invitation goes as nodemailer's icalEvent: both an alternative part with the METHOD
        // (what Outlook and Gmail read to show Accept/Decline) and an attachment (what the others read).
        icalEvent: calendar && {
          method: /method=(\w+)/i.exec(calendar.contentType)?.[1] ?? 'PUBLISH',
          filename: calendar.filename,
          content: calendar.content,
        },
        attachments: mail.attachments
          .filter((file) => file !== calendar)
          .map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
      });
      if (info.rejected.length > 0) throw new Error(`the SMTP server refused ${info.rejected.join(', ')}`);
    },
    close: () => transporter.close(),
  };
}
