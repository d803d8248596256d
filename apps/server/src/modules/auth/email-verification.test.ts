import { MESSAGES } from '@tokenly/contract/messages';
import { describe, expect, it } from 'vitest';
import { mailingTestApp } from '../../test/mailing-test-app';
import { bearer, signedInUser } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

// The welcome mail at sign-up carries a link that verifies the address; a learner may
// ask for a new link (which replaces the old one); the learner and the admins see whether it is verified.
// Not verifying blocks nothing.

describe.each(TEST_DATABASE_KINDS)('email verification on %s', (kind) => {
  const { peer, clock, t } = mailingTestApp(kind);

  const linkIn = (text: string) => {
    const link = /https:\/\/english\.example\.com\/verify-email\?token=([\w-]+)/.exec(text);
    expect(link, 'the verification link in the plain text').not.toBeNull();
    return decodeURIComponent(link?.[1] ?? '');
  };
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
  const details = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(token) })).json().data;

  it('welcomes a new learner with a link that verifies the address, once and for good', async () => {
    const email = `new-${Date.now()}@tokenly.test`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Nora New',
        email,
        password: 'Password123!',
        password_confirmation: 'Password123!',
        level: 1,
      },
    });
    expect(registered.statusCode).toBe(201);
    const { access_token: token, data } = registered.json();
    expect(data.email_verified_at).toBeNull();

    const welcome = (await peer.mailTo(clock, email)).parsed;
    expect(welcome.subject).toBe('Welcome to Tokenly English: verify your email');
    expect(welcome.html).toContain('Verify my email');
    const raw = linkIn(welcome.text ?? '');

    expect(await verify('not-a-token')).toMatchObject({ statusCode: 404 });
    const verified = await verify(raw);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(MESSAGES.emailVerified);
    const at = (await details(token)).email_verified_at;
    expect(at).toEqual(expect.any(String));
    // Opened again (a mail app's preview, a second click): still verified, at the first time.
    expect((await verify(raw)).statusCode).toBe(200);
    expect((await details(token)).email_verified_at).toBe(at);

    const admin = await signedInUser(t.app, t.db, 'admin');
    const student = await t.app.inject({
      method: 'GET',
      url: `/api/admin-student/${data.id}`,
      headers: bearer(admin.token),
    });
    expect(student.json().data.user.email_verified_at).toBe(at);
  });

  it('mails a new link on request, which replaces the old one, and none once verified', async () => {
    const { user, token } = await signedInUser(t.app, t.db);
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/resend-verification', headers: bearer(token) });
    expect((await resend()).json().message).toBe(MESSAGES.verificationLinkSent({ email: user.email }));
    const first = linkIn((await peer.mailTo(clock, user.email)).parsed.text ?? '');
    const seen = peer.received.length;
    await resend();
    const second = (await peer.mailTo(clock, user.email, { after: seen })).parsed;
    expect(second.subject).toBe('Verify your email address · Tokenly English');
    const latest = linkIn(second.text ?? '');

    expect((await verify(first)).statusCode).toBe(404);
    expect((await verify(latest)).statusCode).toBe(200);
    const count = peer.received.length;
    await resend();
    await clock.tick(5000);
    expect(peer.received).toHaveLength(count);
  });
});
