import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { defineJob, type JobDefinition, type JobQueue } from '../../jobs/job-queue';
import { type Clock, nowOf } from '../../lib/clock';
import { type DrawnMail, drawMail } from './draw-mail';
import {
  countRecentMails,
  findMail,
  insertMail,
  markMailAttemptFailed,
  markMailSent,
  withdrawMails,
} from './mail-outbox-repository';
import type { MailTransport } from './mail-transport';
import type { MailKind, OutgoingMail } from './mail-types';

/**
 * The kinds anyone can have sent to any address (a sign-up, a reset link, an enquiry's receipt): at most
 * MAIL_RECIPIENT_RATE_LIMIT of each to one recipient an hour, whatever asks for them, so the school's
 * mail cannot be turned on a stranger. Mail about a learner's own bookings and payments is never held.
 */
const UNSOLICITED_KINDS: ReadonlySet<MailKind> = new Set([
  'password-reset',
  'welcome',
  'account-exists',
  'email-verification',
  'contact-received',
]);

/** About 17 hours of tries in all (30 s doubling, pg-boss's backoff): an SMTP outage delays mail. */
const RETRY_LIMIT = 12;

function domainOf(mailbox: string): string {
  return /@([^\s<>@]+?)>?$/.exec(mailbox.trim())?.[1] ?? 'localhost';
}

/**
 * The outbox (DESIGN.md section 6): `enqueue` writes the rendered mail in the caller's transaction and,
 * with an SMTP server configured, sends the delivery job in that same transaction, so the mail exists
 * exactly when the event does. The job hands it to SMTP and only then marks it sent.
 */
export function createMailer(
  db: Database,
  options: {
    config: Pick<AppConfig, 'mailFrom' | 'appUrl' | 'rateLimits'>;
    jobs: JobQueue;
    clock: Clock;
    transport?: MailTransport;
  },
) {
  const { config, jobs, clock, transport } = options;

  const deliverJob: JobDefinition<{ id: number }> = defineJob<{ id: number }>({
    name: 'mail.deliver',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    // A reminder round or a busy hour of sign-ups queues mail faster than one delivery a polling
    // interval (2 s); five connections at a time keep the backlog short without crowding the relay.
    batchSize: 5,
    async run({ id }, { retry }) {
      const found = await findMail(db, id);
      if (found?.status !== 'queued' || !transport) return;
      let mail: DrawnMail;
      try {
        // Inside: a draft that cannot be drawn is an attempt failed, with why, like a refused delivery.
        mail = drawMail(found, config.appUrl);
        await transport.deliver(mail, config.mailFrom);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await markMailAttemptFailed(db, id, { error: message, final: retry >= RETRY_LIMIT });
        throw error;
      }
      // A draft is stored as drawn, so the Outbox goes on showing exactly what left.
      await markMailSent(db, id, nowOf(clock), found.draft ? mail : undefined);
    },
  });

  /** A statement that wrote its mail row itself (book-class) has it sent, in the same transaction. */
  async function written(tx: Database, id: number): Promise<void> {
    if (transport) await jobs.send(deliverJob, { id }, { tx });
  }

  /** What every new mail's row carries besides its content. */
  function stamp(at: Date) {
    return {
      status: transport ? ('queued' as const) : ('kept' as const),
      headers: {
        'Message-ID': `<${randomUUID()}@${domainOf(config.mailFrom)}>`,
        Date: at.toUTCString(),
      },
    };
  }

  return {
    jobs: [deliverJob],

    /**
     * In the transaction that makes them pointless (a booking cancelled before its reminder left): the
     * events' unsent mails are never sent, and the Outbox says why. Sent mails are history and stay.
     */
    withdraw(tx: Database, events: string[], reason: string): Promise<number> {
      return withdrawMails(tx, events, reason);
    },

    /**
     * In the transaction of the event. A second enqueue of the same key is a no-op, and so is an
     * unsolicited kind beyond its recipient's hourly budget.
     */
    async enqueue(tx: Database, mail: OutgoingMail): Promise<void> {
      const at = nowOf(clock);
      if (UNSOLICITED_KINDS.has(mail.kind)) {
        const budget = config.rateLimits.mailPerRecipient;
        const since = new Date(at.getTime() - budget.windowMs);
        if ((await countRecentMails(tx, { recipient: mail.to, kind: mail.kind, since })) >= budget.max)
          return;
      }
      const { status, headers } = stamp(at);
      const id = await insertMail(tx, {
        event: mail.event,
        kind: mail.kind,
        recipient: mail.to,
        status,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { ...mail.headers, ...headers },
        attachments: mail.attachments ?? [],
        createdAt: at,
      });
      if (id !== undefined) await written(tx, id);
    },

    stamp,
    written,

    /** Whether written mail leaves: only then does writing one need a transaction for its job. */
    delivers: transport !== undefined,
  };
}

export type Mailer = ReturnType<typeof createMailer>;
