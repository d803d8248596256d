import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { eventually } from '../../test/eventually';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { createSmtpPeer } from '../../test/smtp-peer';
import { createEmptyPostgresDatabase, TEST_DATABASE_KINDS } from '../../test/test-database';

// Issue 12: a process killed (SIGKILL) after it wrote a mail to the outbox and before anyone sent it
// loses nothing: the mail and its delivery job are in the database, and the next process delivers it,
// once. Real server processes on one PostgreSQL database and a real SMTP server.

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
      const empty = await createEmptyPostgresDatabase();
      ({ url, destroy } = empty);
      database = await openDatabase({ databaseUrl: url });
      await migrateDatabase(database);
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

      servers.push(await startServerProcess(url, smtp));
      await eventually(
        async () =>
          (await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length === 2,
        'both mails to be sent',
        60_000,
      );
      // Past the delivery, so a second send of either would have arrived too.
      await new Promise((done) => setTimeout(done, 3000));
      expect(peer.received.map((mail) => mail.envelopeTo).sort()).toEqual([
        ['ana@example.com'],
        ['office@tokenly.test'],
      ]);
    }, 120_000);
  },
);
