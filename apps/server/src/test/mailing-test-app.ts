import { TestClock } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from '../db/client';
import { createSmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app for the file that sends its mail to a real SMTP server started with it, runs its jobs on a
 * test clock, and writes links to the school's public address.
 */
export function mailingTestApp(kind: DatabaseKind) {
  const peer = createSmtpPeer();
  const clock = new TestClock();
  const t = {} as TestApp;
  beforeAll(async () => {
    await peer.listen();
    const app = await createTestApp(
      kind,
      { runJobs: true, smtpUrl: peer.url, appUrl: 'https://english.example.com' },
      { clock },
    );
    Object.assign(t, app);
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });
  return { peer, clock, t };
}
