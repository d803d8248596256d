import { MESSAGES } from '@tokenly/contract/messages';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createBooking, createSchedule, createUser } from '../../db/seed/factories';
import { createSmtpPeer } from '../../test/smtp-peer';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Issue 12: reminders carry a one-click unsubscribe (List-Unsubscribe and List-Unsubscribe-Post, RFC
// 8058) that turns reminders off, as the switches in Settings do; no reminder goes to a learner who
// turned them off. Driven by the app's own cron job on a controlled clock, through a real SMTP server.

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('mail preferences and one-click unsubscribe on %s', (kind) => {
  const peer = createSmtpPeer();
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    await peer.listen();
    t = await createTestApp(
      kind,
      { runJobs: true, smtpUrl: peer.url, appUrl: 'https://english.example.com' },
      { clock },
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  /** A header of the raw message, its folded lines joined. */
  const header = (raw: string, name: string) =>
    new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, 'mi')
      .exec(raw)?.[1]
      ?.replace(/\r\n[ \t]+/g, ' ')
      .trim();

  it('turns reminders off with one click from a reminder, and on again in Settings', async () => {
    const { user, password } = await createUser(t.db, { name: 'Ana Learner' });
    const token = await signIn(t.app, { email: user.email, password });
    const startsAt = new Date(Math.ceil((clock.now() + 72 * HOUR) / HOUR) * HOUR);
    const schedule = await createSchedule(t.db, { title: 'Grammar Clinic', startsAt });
    await createBooking(t.db, schedule, { userId: user.id, createdAt: new Date(clock.now()) });
    const preferences = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/mail-preferences', headers: bearer(token) })).json()
        .data;
    expect(await preferences()).toEqual({ reminders: true, credit_notices: true });

    await clock.setTime(startsAt.getTime() - 23 * HOUR);
    const reminder = await peer.mailTo(clock, user.email, { subject: /^Reminder/ });
    const link = /^<(https:\/\/english\.example\.com\/api\/unsubscribe\?[^>]+)>$/.exec(
      header(reminder.raw, 'List-Unsubscribe') ?? '',
    )?.[1];
    expect(link, 'an https List-Unsubscribe').toBeDefined();
    expect(header(reminder.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const page = link?.replace('/api/unsubscribe', '/unsubscribe') ?? '';
    expect(reminder.parsed.text).toContain(page);
    expect(reminder.parsed.html).toContain(page.replaceAll('&', '&amp;'));

    // What a mail app does on the one click (RFC 8058 section 3.2).
    const url = new URL(link ?? '');
    const clicked = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json().message).toBe(MESSAGES.unsubscribed);
    expect(await preferences()).toEqual({ reminders: false, credit_notices: true });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe?token=forged&topic=reminders',
    });
    expect(forged.statusCode).toBe(404);

    // The starting-soon mail is due; the learner turned reminders off, so none is written.
    const ranBefore = (await t.app.jobs.findJobs('reminders.classes')).length;
    await clock.setTime(startsAt.getTime() - 10 * 60 * 1000);
    for (let step = 0; step < 30; step += 1) await clock.tick(5000);
    const runs = await t.app.jobs.findJobs('reminders.classes');
    expect(runs.length).toBeGreaterThan(ranBefore);
    const kinds = (await t.db.select().from(mailOutbox))
      .filter((mail) => mail.recipient === user.email)
      .map((mail) => mail.kind);
    expect(kinds).toEqual(['class-reminder']);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/mail-preferences',
      headers: bearer(token),
      payload: { reminders: true, credit_notices: false },
    });
    expect(saved.json().data).toEqual({ reminders: true, credit_notices: false });
    expect(await preferences()).toEqual({ reminders: true, credit_notices: false });
  });
});
