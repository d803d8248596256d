import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { eventually } from '../../test/eventually';
import { createSmtpPeer } from '../../test/smtp-peer';
import { RELAXED_RATE_LIMITS } from '../../test/test-app';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../test/test-database';
import { createSmtpTransport, type MailTransport } from './mail-transport';
import type { OutgoingMail } from './mail-types';
import { createMailer, type Mailer } from './mailer';

// The outbox on both databases against a real SMTP server on loopback: a mail is delivered by
// the job and marked sent only after the server accepted it; the same event twice is one mail; an SMTP
// server that is down delays the mail, and it arrives once when the server is back; without SMTP_URL the
// mail is kept and nothing is sent.

const quiet = { error: () => {}, warn: () => {}, debug: () => {} };
const MAIL_FROM = 'Tokenly English <school@tokenly.test>';

function welcome(event = 'test:1'): OutgoingMail {
  return {
    event,
    kind: 'password-reset',
    to: 'learner@tokenly.test',
    subject: 'Hello',
    html: '<p>Hello <b>there</b></p>',
    text: 'Hello there',
  };
}

describe.each(TEST_DATABASE_KINDS)('the mail outbox on %s', (kind) => {
  const peer = createSmtpPeer();
  let database: DatabaseHandle;
  let destroy: () => Promise<void>;
  let clock: TestClock;
  let jobs: JobQueue;
  let transport: MailTransport | undefined;
  let mailer: Mailer;

  async function start(smtp: boolean): Promise<void> {
    transport = smtp ? createSmtpTransport(peer.url) : undefined;
    jobs = createJobQueue(database, { runWorkers: true, log: quiet, clock, pollingIntervalSeconds: 1 });
    mailer = createMailer(database.db, {
      config: { mailFrom: MAIL_FROM, appUrl: 'http://localhost:3000', rateLimits: RELAXED_RATE_LIMITS },
      jobs,
      clock,
      transport,
    });
    for (const job of mailer.jobs) jobs.define(job);
    await jobs.start();
  }

  const rows = () => database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  const enqueue = (mail: OutgoingMail) => database.db.transaction((tx) => mailer.enqueue(tx, mail));

  beforeAll(() => peer.listen());
  afterAll(() => peer.stop());
  beforeEach(async () => {
    ({ database, destroy } = await createTestDatabase(kind));
    clock = new TestClock();
    peer.received.length = 0;
  });
  afterEach(async () => {
    await jobs.stop();
    transport?.close();
    await destroy();
  });

  it('delivers a queued mail over SMTP, with Date and Message-ID, and only then marks it sent', async () => {
    await start(true);
    await enqueue(welcome());
    const [queued] = await rows();
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, sentAt: null });

    await clock.tick(1000);
    await eventually(async () => (await rows())[0]?.status === 'sent', 'the mail to be sent');
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail?.envelopeTo).toEqual(['learner@tokenly.test']);
    expect(mail?.parsed.from?.value).toEqual([{ name: 'Tokenly English', address: 'school@tokenly.test' }]);
    expect(mail?.parsed.subject).toBe('Hello');
    expect(mail?.parsed.messageId).toBe(queued?.headers['Message-ID']);
    expect(mail?.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@tokenly\.test>$/);
    expect(mail?.parsed.date?.toUTCString()).toBe(queued?.headers.Date);
    expect(mail?.parsed.html).toContain('<b>there</b>');
    expect(mail?.parsed.text?.trim()).toBe('Hello there');
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1, sentAt: new Date(clock.now()) });
  });

  it('writes one mail for the same event, kind and recipient, however often the event repeats', async () => {
    await start(true);
    await enqueue(welcome('test:same'));
    await enqueue(welcome('test:same'));
    await enqueue({ ...welcome('test:same'), to: 'other@tokenly.test' });
    expect(await rows()).toHaveLength(2);
    // A worker takes one job a poll: each tick lets it take the next.
    await eventually(async () => {
      await clock.tick(1000);
      return peer.received.length === 2;
    }, 'both mails');
    await clock.tick(60_000);
    expect(peer.received.map((mail) => mail.envelopeTo)).toEqual(
      expect.arrayContaining([['learner@tokenly.test'], ['other@tokenly.test']]),
    );
    expect(peer.received).toHaveLength(2);
  });

  it('keeps the mail when the event rolls back', async () => {
    await start(true);
    await expect(
      database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, welcome());
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rows()).toEqual([]);
    expect(await jobs.findJobs('mail.deliver')).toEqual([]);
  });

  it('delays the mail while the SMTP server is down and delivers it once when it is back', async () => {
    await peer.stop();
    await start(true);
    await enqueue(welcome());
    await clock.tick(1000);
    await eventually(async () => (await rows())[0]?.attempts === 1, 'the failed attempt');
    expect((await rows())[0]).toMatchObject({ status: 'queued', sentAt: null });
    expect((await rows())[0]?.lastError).toMatch(/ECONNREFUSED/);

    await peer.listen();
    // The retry comes 30 to 60 seconds after the failure (retryDelaySeconds 30, with backoff).
    for (let i = 0; i < 7; i++) await clock.tick(10_000);
    await eventually(async () => (await rows())[0]?.status === 'sent', 'the retry to deliver');
    await clock.tick(120_000);
    expect(peer.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends a withdrawn mail, and says why in the outbox; a sent one stays as it was', async () => {
    await peer.stop();
    await start(true);
    await enqueue(welcome('test:withdrawn'));
    await enqueue({ ...welcome('test:delivered'), to: 'other@tokenly.test' });
    const withdrawn = await database.db.transaction((tx) =>
      mailer.withdraw(tx, ['test:withdrawn', 'test:unknown'], 'Not sent: the booking was cancelled.'),
    );
    expect(withdrawn).toBe(1);
    await peer.listen();
    await eventually(async () => {
      await clock.tick(10_000);
      return peer.received.length === 1;
    }, 'the other mail');
    for (let i = 0; i < 12; i++) await clock.tick(10_000);
    expect(peer.received.map((mail) => mail.envelopeTo)).toEqual([['other@tokenly.test']]);
    const byEvent = Object.fromEntries((await rows()).map((row) => [row.event, row]));
    expect(byEvent['test:withdrawn']).toMatchObject({
      status: 'failed',
      lastError: 'Not sent: the booking was cancelled.',
      sentAt: null,
    });
    expect(byEvent['test:delivered']).toMatchObject({ status: 'sent' });
    // Withdrawing after the fact changes nothing that was sent.
    expect(await database.db.transaction((tx) => mailer.withdraw(tx, ['test:delivered'], 'late'))).toBe(0);
  });

  it('without SMTP_URL keeps every mail in the outbox and sends nothing', async () => {
    await start(false);
    await enqueue(welcome());
    await clock.tick(5000);
    const [kept] = await rows();
    expect(kept).toMatchObject({ status: 'kept', html: '<p>Hello <b>there</b></p>', text: 'Hello there' });
    expect(await jobs.findJobs('mail.deliver')).toEqual([]);
    expect(peer.received).toEqual([]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).toEqual([]);
  });
});
