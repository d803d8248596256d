import { PASSWORD_MIN_LENGTH } from '@tokenly/contract/constants';
import { MESSAGES } from '@tokenly/contract/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { createUser } from '../../db/seed/factories';
import { mailingTestApp } from '../../test/mailing-test-app';
import { bearer, signedInUser, signIn } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';
import { hashToken } from './auth-service';
import { RESET_LINK_MINUTES } from './password-reset-service';

// Forgot password answers the same for every address, mails a single-use link valid
// 60 minutes (only its hash stored), and the link sets a new password and signs out every session.

const NEW_PASSWORD = 'A new password 42';
const LINK = /(https?:\/\/[^\s"<>]+\/reset-password\?token=([\w-]+))/;

describe.each(TEST_DATABASE_KINDS)('password reset on %s', (kind) => {
  const { peer, clock, t } = mailingTestApp(kind);

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
  const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password, password_confirmation: confirmation },
    });

  /** Asks for a link and returns it as the mail that reached the learner carries it. */
  async function linkFor(email: string): Promise<{ url: string; token: string }> {
    const before = peer.received.length;
    expect((await forgot(email)).statusCode).toBe(200);
    const mail = await peer.mailTo(clock, email, { after: before });
    const [, url = '', token = ''] = LINK.exec(mail.parsed.text ?? '') ?? [];
    return { url, token };
  }

  it('answers the same whether or not the account exists, and mails only the account', async () => {
    // A verified address is greeted by name; an unverified one is not (anyone can sign up with it).
    const { user } = await createUser(t.db, { name: 'Ana Learner', emailVerifiedAt: new Date(clock.now()) });
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@tokenly.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: { ok: true }, message: MESSAGES.resetLinkSent });
    expect(unknown.json()).toEqual(known.json());

    const mail = await peer.mailTo(clock, user.email);
    expect(mail.parsed.subject).toBe('Set a new password for Tokenly English');
    expect(mail.parsed.to).toMatchObject({ value: [{ address: user.email }] });
    expect(mail.parsed.messageId).toMatch(/^<.+@tokenly\.test>$/);
    expect(mail.parsed.date).toBeInstanceOf(Date);
    // Both parts, each with the greeting and the same link.
    const [, htmlLink] = LINK.exec(mail.parsed.html || '') ?? [];
    const [, textLink] = LINK.exec(mail.parsed.text ?? '') ?? [];
    expect(htmlLink).toMatch(/^https:\/\/english\.example\.com\/reset-password\?token=/);
    expect(textLink).toBe(htmlLink);
    expect(mail.parsed.html).toContain('Hello Ana Learner');
    expect(mail.parsed.text).toContain('Hello Ana Learner');
    expect(mail.parsed.text).toContain(`within ${RESET_LINK_MINUTES} minutes`);

    const outbox = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(outbox).toHaveLength(1);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'nobody-here@tokenly.test')),
    ).toEqual([]);
  });

  it('sets the new password once, signs out every session, and stores only the hash', async () => {
    const { user, password } = await createUser(t.db);
    const session = await signIn(t.app, { email: user.email, password });
    const { token } = await linkFor(user.email);

    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: MESSAGES.passwordChanged });

    const revoked = await t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(session) });
    expect(revoked.statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password },
    });
    expect(oldLogin.statusCode).toBe(401);
    await signIn(t.app, { email: user.email, password: NEW_PASSWORD });

    const again = await reset(token, 'Yet another password');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MESSAGES.resetLinkUsed });
  });

  it('keeps only the newest link, for 60 minutes, then says it has expired', async () => {
    const { user } = await createUser(t.db);
    const early = await linkFor(user.email);
    const late = await linkFor(user.email);
    const issuedAt = clock.now();

    // Asking again ended the earlier link: it cannot be used, nor use up the newer one.
    const replaced = await reset(early.token);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json()).toMatchObject({ message: MESSAGES.resetLinkExpired });

    await clock.setTime(issuedAt + (RESET_LINK_MINUTES - 1) * 60_000);
    expect((await reset(late.token)).statusCode).toBe(200);
    expect((await reset(late.token)).json()).toMatchObject({ message: MESSAGES.resetLinkUsed });

    const expiring = await linkFor(user.email);
    await clock.setTime(clock.now() + RESET_LINK_MINUTES * 60_000 + 1000);
    const expired = await reset(expiring.token);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ message: MESSAGES.resetLinkExpired });
  });

  it('kills the links of an account an administrator disables, even once it is enabled again', async () => {
    const admin = bearer((await signedInUser(t.app, t.db, 'admin')).token);
    const { user, password } = await createUser(t.db);
    const { token } = await linkFor(user.email);
    const disable = (disabled: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin-accounts/${user.id}/${disabled ? 'disable' : 'enable'}`,
        headers: admin,
      });
    expect((await disable(true)).statusCode).toBe(200);
    const refused = await reset(token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: MESSAGES.resetLinkInvalid });
    expect((await disable(false)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(409);
    await signIn(t.app, { email: user.email, password });
  });

  it('refuses a made-up link and passwords that break the sign-up rules', async () => {
    const invalid = await reset('made-up-token');
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json()).toMatchObject({ message: MESSAGES.resetLinkInvalid });

    const { user } = await createUser(t.db);
    const { token } = await linkFor(user.email);
    const mismatch = await reset(token, NEW_PASSWORD, 'something else');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toMatchObject({ password_confirmation: [MESSAGES.passwordsDoNotMatch] });
    expect((await reset(token, 'short')).json().errors).toEqual({
      password: [MESSAGES.passwordTooShort({ min: PASSWORD_MIN_LENGTH })],
    });
    const common = await reset(token, 'qwertyuiop');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: [MESSAGES.passwordCommon] });
    expect((await reset(token, '          ')).json().errors).toMatchObject({
      password: [MESSAGES.passwordBlank],
    });
    // The refused attempts did not use the link up.
    expect((await reset(token)).statusCode).toBe(200);
  });
});
