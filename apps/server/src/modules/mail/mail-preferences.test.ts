import { OPTIONAL_MAIL_NAMES } from '@tokenly/contract/mail';
import { MESSAGES } from '@tokenly/contract/messages';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createBooking, createSchedule, createUser } from '../../db/seed/factories';
import { mailingTestApp } from '../../test/mailing-test-app';
import { bearer, signIn } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// Reminders carry a one-click unsubscribe (List-Unsubscribe and List-Unsubscribe-Post, RFC
// 8058) that turns off the kind of that mail, as its switch in Settings does; no mail of a kind goes to
// a learner who turned it off. Driven by the app's own cron job on a controlled clock, through a real
// SMTP server.

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('mail preferences and one-click unsubscribe on %s', (kind) => {
  const { peer, clock, t } = mailingTestApp(kind);

  /** A header of the raw message, its folded lines joined. */
  const header = (raw: string, name: string) =>
    new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, 'mi')
      .exec(raw)?.[1]
      ?.replace(/\r\n[ \t]+/g, ' ')
      .trim();

  /** Signed in afresh: the test's clock jumps days, past a session's end. */
  const signedIn = async (user: { email: string }, password: string) =>
    bearer(await signIn(t.app, { email: user.email, password }));
  const preferencesOf = async (headers: { authorization: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/mail-preferences', headers })).json().data;

  /** The one-click link of a mail's List-Unsubscribe, after checking the mail's text and HTML link to its page. */
  function oneClickLink(mail: Awaited<ReturnType<typeof peer.mailTo>>): URL {
    const link = /^<(https:\/\/english\.example\.com\/api\/unsubscribe\?[^>]+)>$/.exec(
      header(mail.raw, 'List-Unsubscribe') ?? '',
    )?.[1];
    expect(link, 'an https List-Unsubscribe').toBeDefined();
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const page = link?.replace('/api/unsubscribe', '/unsubscribe') ?? '';
    expect(mail.parsed.text).toContain(page);
    expect(mail.parsed.html).toContain(page.replaceAll('&', '&amp;'));
    return new URL(link ?? '');
  }

  /** What a mail app does on the one click (RFC 8058 section 3.2). */
  const click = (url: URL) =>
    t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it("turns off only the kind of mail whose link was clicked; a link from before kinds, its topic's", async () => {
    const { user, password } = await createUser(t.db, { name: 'Ana Learner' });
    const preferences = async () => preferencesOf(await signedIn(user, password));
    const startsAt = new Date(Math.ceil((clock.now() + 72 * HOUR) / HOUR) * HOUR);
    const schedule = await createSchedule(t.db, { title: 'Grammar Clinic', startsAt });
    await createBooking(t.db, schedule, { userId: user.id, createdAt: new Date(clock.now()) });
    expect(await preferences()).toEqual({
      reminders: true,
      starting_soon: true,
      credit_notices: true,
    });

    // The day-before reminder's link turns off reminders, and says so.
    await clock.setTime(startsAt.getTime() - 23 * HOUR);
    const reminder = await peer.mailTo(clock, user.email, { subject: /^Reminder/ });
    const reminderLink = oneClickLink(reminder);
    expect(reminderLink.searchParams.get('kind')).toBe('class-reminder');
    expect(reminder.parsed.text).toContain(`You get ${OPTIONAL_MAIL_NAMES['class-reminder']} because`);
    const clicked = await click(reminderLink);
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json().message).toBe(MESSAGES.unsubscribed({ what: 'class reminders' }));
    expect(await preferences()).toEqual({
      reminders: false,
      starting_soon: true,
      credit_notices: true,
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe?token=forged&kind=class-reminder',
    });
    expect(forged.statusCode).toBe(404);
    const kindless = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${reminderLink.searchParams.get('token')}`,
    });
    expect(kindless.statusCode).toBe(422);

    // The starting-soon mail still comes, and its own link turns off only it.
    await clock.setTime(startsAt.getTime() - 10 * 60 * 1000);
    const soon = await peer.mailTo(clock, user.email, { subject: /^Starting soon/ });
    const soonLink = oneClickLink(soon);
    expect(soonLink.searchParams.get('kind')).toBe('class-starting-soon');
    expect(soonLink.searchParams.get('token')).toBe(reminderLink.searchParams.get('token'));
    const soonClicked = await click(soonLink);
    expect(soonClicked.json().message).toBe(
      MESSAGES.unsubscribed({ what: OPTIONAL_MAIL_NAMES['class-starting-soon'] }),
    );
    expect(await preferences()).toEqual({
      reminders: false,
      starting_soon: false,
      credit_notices: true,
    });

    // Settings turns each back on; a client that leaves starting_soon out keeps it as it is.
    const headers = await signedIn(user, password);
    const save = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/mail-preferences', headers, payload });
    expect((await save({ reminders: true, starting_soon: true, credit_notices: true })).statusCode).toBe(200);
    const older = await save({ reminders: true, credit_notices: false });
    expect(older.json().data).toEqual({ reminders: true, starting_soon: true, credit_notices: false });

    // A link mailed before kinds names its topic and turns off every kind of it, as it did.
    const oldLink = new URL(reminderLink);
    oldLink.searchParams.delete('kind');
    oldLink.searchParams.set('topic', 'reminders');
    const old = await click(oldLink);
    expect(old.statusCode).toBe(200);
    expect(old.json().message).toBe(MESSAGES.unsubscribed({ what: OPTIONAL_MAIL_NAMES.reminders }));
    expect(await preferences()).toEqual({
      reminders: false,
      starting_soon: false,
      credit_notices: false,
    });
    expect(
      (await t.db.select().from(mailOutbox))
        .filter((mail) => mail.recipient === user.email)
        .map((mail) => mail.kind),
    ).toEqual(['class-reminder', 'class-starting-soon']);
  });

  it('writes no starting-soon mail to a learner who turned that kind off', async () => {
    const { user, password } = await createUser(t.db);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/mail-preferences',
      headers: await signedIn(user, password),
      payload: { reminders: true, starting_soon: false, credit_notices: true },
    });
    expect(saved.statusCode).toBe(200);
    const startsAt = new Date(Math.ceil((clock.now() + 72 * HOUR) / HOUR) * HOUR);
    const schedule = await createSchedule(t.db, { startsAt });
    await createBooking(t.db, schedule, { userId: user.id, createdAt: new Date(clock.now()) });

    await clock.setTime(startsAt.getTime() - 23 * HOUR);
    await peer.mailTo(clock, user.email, { subject: /^Reminder/ });
    // The starting-soon scan runs, and passes this learner by.
    const ranBefore = (await t.app.jobs.findJobs('reminders.classes')).length;
    await clock.setTime(startsAt.getTime() - 10 * 60 * 1000);
    for (let step = 0; step < 30; step += 1) await clock.tick(5000);
    expect((await t.app.jobs.findJobs('reminders.classes')).length).toBeGreaterThan(ranBefore);
    const kinds = (await t.db.select().from(mailOutbox))
      .filter((mail) => mail.recipient === user.email)
      .map((mail) => mail.kind);
    expect(kinds).toEqual(['class-reminder']);
  });
});
