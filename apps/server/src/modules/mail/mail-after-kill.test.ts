import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createJobQueue } from '../../jobs/job-queue';
import { eventually } from '../../test/eventually';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { createSmtpPeer } from '../../test/smtp-peer';
import { createMigratedPostgresDatabase, TEST_DATABASE_KINDS } from '../../test/test-database';

// A process killed (SIGKILL) after it wrote a mail to the outbox and before anyone sent it
// loses nothing: the mail and its delivery job are in the database, and the next process delivers it,
// once. Real server processes on one PostgreSQL database and a real SMTP server.

const quiet = { error: () => {}, warn: () => {}, debug: () => {} };

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
  'mail queued by a process killed before sending',
  () => {
    const peer = createSmtpPeer();
    let url: string;
    let database: DatabaseHandle;
    let destroy: () => Promise<void>;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      await peer.listen();
      ({ url, destroy } = await createMigratedPostgresDatabase());
      database = await openDatabase({ databaseUrl: url });
    });
    afterAll(async () => {
      for (const server of servers) await server.stop('SIGKILL');
      await database.close();
      await destroy();
      await peer.stop();
    });

    it('is delivered once by the process started after the kill', async () => {
      const smtp = { SMTP_URL: peer.url, SCHOOL_EMAIL: 'office@tokenly.test' };
      // This process queues mail and sends none (RUN_JOBS=0), so it is killed with the mail unsent.
      const queuing = await startServerProcess(url, { ...smtp, RUN_JOBS: '0' });
      servers.push(queuing);
      const sent = await fetch(`${queuing.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Ana Learner',
          email: 'ana@example.com',
          course: 'General English',
          message: 'Do you teach on Saturdays?',
        }),
      });
      expect(sent.status).toBe(200);
      await queuing.stop('SIGKILL');
      const queued = await database.db.select().from(mailOutbox);
      expect(queued.map((mail) => mail.status)).toEqual(['queued', 'queued']);
      expect(peer.received).toEqual([]);

      const delivering = await startServerProcess(url, smtp);
      servers.push(delivering);
      await eventually(
        async () =>
          (await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length === 2,
        'both mails to be sent',
        60_000,
      );
      // Every delivery job completed, so none runs again, and the process stopped, which lets a delivery
      // under way finish first: a second send of either mail has reached the SMTP server by now.
      const queue = createJobQueue(database, { runWorkers: false, log: quiet });
      await queue.start();
      try {
        await eventually(async () => {
          const jobs = await queue.findJobs('mail.deliver');
          return jobs.length >= queued.length && jobs.every((job) => job.state === 'completed');
        }, 'every delivery job to complete');
      } finally {
        await queue.stop();
      }
      await delivering.stop('SIGTERM');
      expect(peer.received.map((mail) => mail.envelopeTo).sort()).toEqual([
        ['ana@example.com'],
        ['office@tokenly.test'],
      ]);
    }, 120_000);
  },
);
