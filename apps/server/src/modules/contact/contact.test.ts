import { contactMessagePageResponseSchema, contactMessageResponseSchema } from '@tokenly/contract/contact';
import { MESSAGES } from '@tokenly/contract/messages';
import { and, eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact-messages';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createSmtpPeer } from '../../test/smtp-peer';
import { bearer, createTestApp, RELAXED_RATE_LIMITS, signedInUser, type TestApp } from '../../test/test-app';
import { PARITY_DATABASE_KINDS } from '../../test/test-database';

// The home page's contact form is validated as SPEC.md says (but the phone is any country's number,
// checked by libphonenumber-js: SPEC.md's 10 characters held no country code), stored, rate-limited,
// mailed to the school (SCHOOL_EMAIL, Reply-To the sender) and acknowledged to the sender, through a real SMTP server; administrators read it under Messages.

const SCHOOL = 'office@tokenly.test';

describe.each(PARITY_DATABASE_KINDS)('the contact form on %s', (kind) => {
  const peer = createSmtpPeer();
  const clock = new TestClock();
  let t: TestApp;

  beforeAll(async () => {
    await peer.listen();
    t = await createTestApp(
      kind,
      {
        runJobs: true,
        smtpUrl: peer.url,
        schoolEmail: SCHOOL,
        timezone: 'Europe/London',
        rateLimits: { ...RELAXED_RATE_LIMITS, contact: { max: 2, windowMs: 24 * 3_600_000 } },
      },
      { clock },
    );
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  const send = (payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
  const enquiry = {
    name: 'Ana Learner',
    email: 'ana@example.com',
    phone: '+442079460958',
    course: 'General English',
    message: 'Which class suits a beginner?\nI can come on weekday evenings.',
  };

  it('stores the enquiry, mails it to the school and acknowledges it to the sender', async () => {
    const response = await send(enquiry);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true }, message: MESSAGES.contactSent });

    const toSchool = (await peer.mailTo(clock, SCHOOL)).parsed;
    expect(toSchool.subject).toBe('Enquiry from Ana Learner: General English · Tokenly English');
    expect(toSchool.replyTo?.value).toEqual([{ address: 'ana@example.com', name: '' }]);
    for (const part of [toSchool.text ?? '', toSchool.html || '']) {
      expect(part).toContain('Email: ana@example.com');
      expect(part).toContain('Phone: +442079460958');
      expect(part).toContain('Course interest: General English');
      expect(part).toContain('Which class suits a beginner?');
      expect(part).toContain('(Europe/London)');
    }
    const ack = (await peer.mailTo(clock, 'ana@example.com')).parsed;
    expect(ack.subject).toBe('We have your message · Tokenly English');
    expect(ack.text).toContain('our team will reply by email within two working days');
    // Anyone may type any address: the acknowledgement repeats nothing of the message.
    expect(ack.text).not.toContain('beginner');

    const admin = await signedInUser(t.app, t.db, 'admin');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin-contact-messages',
      headers: bearer(admin.token),
    });
    expect(list.statusCode).toBe(200);
    const page = contactMessagePageResponseSchema.parse(list.json()).data;
    expect(page.data[0]).toMatchObject({ ...enquiry, id: expect.any(Number) });
  });

  it('takes a phone number of any country and keeps it as E.164', async () => {
    const numbers = [
      ['+81 90 1234 5678', '+819012345678'],
      ['+819012345678', '+819012345678'],
      ['+55 (11) 91234-5678', '+5511912345678'],
    ];
    for (const [index, [typed, kept]] of numbers.entries()) {
      const email = `phone${index}@example.com`;
      const sent = await send({ ...enquiry, email, phone: typed }, `192.0.2.${40 + index}`);
      expect(sent.statusCode, typed).toBe(200);
      const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(row?.phone, typed).toBe(kept);
    }
  });

  it('refuses what SPEC.md refuses, stores nothing then, and limits how often one sender may write', async () => {
    const before = await t.db.select().from(contactMessages);
    for (const [phone, error] of [
      ['+44 20 7946 0958 000 0', 'Phone must be at most 20 characters.'],
      // A number without its country code, or one no country has, is not a number the school can call.
      ['0612345678', MESSAGES.phoneInvalid],
      ['+81 12', MESSAGES.phoneInvalid],
      ['call me', MESSAGES.phoneInvalid],
    ]) {
      const refused = await send({ ...enquiry, email: 'long@example.com', phone });
      expect(refused.statusCode, phone).toBe(422);
      expect(refused.json().errors.phone, phone).toEqual([error]);
    }
    const empty = await send({ name: '', email: 'nope', course: '', message: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['course', 'email', 'message', 'name']);
    expect(await t.db.select().from(contactMessages)).toEqual(before);

    // Two a day from one client, whatever address it types; another client is counted apart.
    const sender = { ...enquiry, email: 'busy@example.com', phone: undefined };
    const client = '203.0.113.7';
    expect((await send(sender, client)).statusCode).toBe(200);
    expect((await send({ ...sender, email: 'busy@example.com' }, client)).statusCode).toBe(200);
    const limited = await send({ ...sender, email: 'other@example.com' }, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGES.tooManyContactMessages);
    expect((await send({ ...sender, email: 'other@example.com' }, '203.0.113.8')).statusCode).toBe(200);
    const stored = await t.db.select().from(contactMessages);
    expect(stored.filter((row) => row.email === 'busy@example.com').map((row) => row.phone)).toEqual([
      null,
      null,
    ]);
    expect(stored.filter((row) => row.email === 'other@example.com')).toHaveLength(1);
  });

  it('lets an administrator reply from the product, in the sender’s language, close the message and follow up', async () => {
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...enquiry, email: 'lucia@example.com', message: '¿Hay clases por la tarde?' },
      headers: { 'accept-language': 'es' },
      remoteAddress: '198.51.100.20',
    });
    expect(written.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'lucia@example.com'));
    const id = row?.id ?? 0;
    const admin = await signedInUser(t.app, t.db, 'admin');
    const act = (action: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-contact-messages/${id}/${action}`,
        headers: bearer(admin.token),
        payload,
      });

    const reply = 'Sí: martes y jueves a las 18:30.\nUn saludo.';
    const replied = await act('reply', { reply });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(contactMessageResponseSchema.parse(replied.json()).data).toMatchObject({
      id,
      status: 'replied',
      reply,
      replied_by: admin.user.name,
      replied_at: expect.any(String),
    });
    const mail = (await peer.mailTo(clock, 'lucia@example.com', { subject: /Nuestra respuesta/ })).parsed;
    expect(mail.subject).toBe('Nuestra respuesta a tu mensaje · Tokenly English');
    expect(mail.replyTo?.value).toEqual([{ address: SCHOOL, name: '' }]);
    expect(mail.text).toContain('Sí: martes y jueves a las 18:30.');
    expect(mail.text).toContain('Gracias por escribirnos el');

    // Closed, it takes no more work; a follow-up answer opens it again, mailed as a second mail.
    const closed = await act('close');
    expect(contactMessageResponseSchema.parse(closed.json()).data).toMatchObject({ status: 'closed', reply });
    expect((await act('close')).statusCode).toBe(200);
    const followUp = await act('reply', { reply: 'También los sábados.' });
    expect(contactMessageResponseSchema.parse(followUp.json()).data).toMatchObject({
      status: 'replied',
      reply: 'También los sábados.',
    });
    const replies = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'contact-reply'), eq(mailOutbox.recipient, 'lucia@example.com')));
    expect(replies).toHaveLength(2);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin-contact-messages/999999/close',
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
    const learner = await signedInUser(t.app, t.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin-contact-messages/${id}/reply`,
      headers: bearer(learner.token),
      payload: { reply: 'Hi' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
