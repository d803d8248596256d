import {
  type OutboxMailDetail,
  outboxMailResponseSchema,
  outboxPageResponseSchema,
} from '@tokenly/contract/mail';
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createBooking, createSchedule, createUser } from '../../db/seed/factories';
import { createSmtpPeer } from '../../test/smtp-peer';
import { bearer, createTestApp, signedInUser, signIn, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { SECRET_MASK } from './outbox-service';

// Every administrator reads the Outbox, and a reset, invitation, verification or unsubscribe link opens
// its recipient's account or mail settings: the Outbox shows those mails whole but for the links'
// secrets, while the mail that reaches the recipient's server (a real SMTP server on loopback here) has
// the working link.

const APP_URL = 'https://english.example.com';
const HOUR = 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('the admin Outbox on %s', (kind) => {
  const peer = createSmtpPeer();
  const clock = new TestClock();
  let t: TestApp;
  let adminAccount: { user: { email: string }; password: string };
  /** Signed in afresh: the reminder's test moves the clock past a session's end. */
  const admin = async () =>
    bearer(
      await signIn(
        t.app,
        { email: adminAccount.user.email, password: adminAccount.password },
        '/api/admin-login',
      ),
    );

  beforeAll(async () => {
    await peer.listen();
    t = await createTestApp(kind, { runJobs: true, smtpUrl: peer.url, appUrl: APP_URL }, { clock });
    await t.app.ready();
    adminAccount = await signedInUser(t.app, t.db, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers });

  /** The newest mail of this kind to `recipient`, as the admin Outbox screen reads it. */
  async function shown(recipient: string, mailKind: string): Promise<OutboxMailDetail> {
    const headers = await admin();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin-mail-outbox?page=1', headers });
    const row = outboxPageResponseSchema
      .parse(list.json())
      .data.data.find((mail) => mail.recipient === recipient && mail.kind === mailKind);
    if (!row) throw new Error(`no ${mailKind} mail to ${recipient} in the Outbox`);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin-mail-outbox/${row.id}`,
      headers,
    });
    return outboxMailResponseSchema.parse(detail.json()).data;
  }

  /**
   * The secret of the `path?token=` link in the mail SMTP delivered, after checking the Outbox shows that
   * mail whole (subject, text, HTML as stored) but with the secret masked, there and everywhere else.
   */
  async function deliveredSecret(
    recipient: string,
    mailKind: string,
    path: string,
    received: Awaited<ReturnType<typeof peer.mailTo>>,
  ): Promise<string> {
    const secret = new RegExp(`${path}\\?token=([\\w%-]+)`).exec(received.parsed.text ?? '')?.[1] ?? '';
    expect(secret.length, 'a secret in the delivered link').toBeGreaterThan(20);
    const mail = await shown(recipient, mailKind);
    expect(JSON.stringify(mail)).not.toContain(secret);
    expect(mail.subject).toBe(received.parsed.subject);
    const masked = `${APP_URL}${path}?token=${SECRET_MASK}`;
    expect(mail.text).toContain(masked);
    expect(mail.html).toContain(`href="${masked}`);
    // Everything but the secret reads as it was written.
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(mail.text).toBe(stored?.text?.replaceAll(secret, SECRET_MASK));
    expect(mail.html).toBe(stored?.html?.replaceAll(secret, SECRET_MASK));
    return secret;
  }

  it('masks reset, verification and invitation links; the delivered links work', async () => {
    const { user } = await createUser(t.db, { name: 'Ana Learner' });
    expect((await post('forgot-password', { email: user.email })).statusCode).toBe(200);
    const reset = await peer.mailTo(clock, user.email);
    const resetSecret = await deliveredSecret(user.email, 'password-reset', '/reset-password', reset);
    // The link as delivered sets the password.
    const password = 'A brand new secret 7';
    const changed = await post('reset-password', {
      token: decodeURIComponent(resetSecret),
      password,
      password_confirmation: password,
    });
    expect(changed.statusCode).toBe(200);

    const learner = bearer(await signIn(t.app, { email: user.email, password }));
    const before = peer.received.length;
    expect((await post('resend-verification', {}, learner)).statusCode).toBe(200);
    const verification = await peer.mailTo(clock, user.email, { after: before });
    const verifySecret = await deliveredSecret(
      user.email,
      'email-verification',
      '/verify-email',
      verification,
    );
    const verified = await post('verify-email', { token: decodeURIComponent(verifySecret) });
    expect(verified.statusCode).toBe(200);

    const teacherEmail = `invited-${kind}@tokenly.test`;
    const added = await post(
      'admin-teachers',
      { name: 'Sofia Martinez', email: teacherEmail },
      await admin(),
    );
    expect(added.statusCode).toBe(201);
    const invitation = await peer.mailTo(clock, teacherEmail);
    await deliveredSecret(teacherEmail, 'teacher-invitation', '/reset-password', invitation);
  });

  it("masks a reminder's unsubscribe links, in its text, HTML and List-Unsubscribe header", async () => {
    const { user } = await createUser(t.db);
    const startsAt = new Date(Math.ceil((clock.now() + 72 * HOUR) / HOUR) * HOUR);
    const schedule = await createSchedule(t.db, { startsAt });
    await createBooking(t.db, schedule, { userId: user.id, createdAt: new Date(clock.now()) });
    await clock.setTime(startsAt.getTime() - 23 * HOUR);
    const reminder = await peer.mailTo(clock, user.email, { subject: /^Reminder/ });

    const secret = await deliveredSecret(user.email, 'class-reminder', '/unsubscribe', reminder);
    const mail = await shown(user.email, 'class-reminder');
    expect(mail.headers['List-Unsubscribe']).toBe(
      `<${APP_URL}/api/unsubscribe?token=${SECRET_MASK}&kind=class-reminder>`,
    );
    expect(reminder.raw).toContain(`/api/unsubscribe?token=${secret}&kind=class-reminder`);
  });
});
