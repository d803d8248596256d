import { authResponseSchema } from '@tokenly/contract/auth';
import { errorBodySchema } from '@tokenly/contract/common';
import { PASSWORD_MIN_LENGTH } from '@tokenly/contract/constants';
import { MESSAGES } from '@tokenly/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { users } from '../../db/schema/users';
import { uniqueEmail } from '../../db/seed/factories';
import { createTestApp, sessionCookieOf, type TestApp } from '../../test/test-app';
import { TEST_DATABASE_KINDS } from '../../test/test-database';

const validBody = () => ({
  name: 'Ada Learner',
  email: uniqueEmail('ada'),
  password: 'correct horse 7',
  password_confirmation: 'correct horse 7',
  level: 2,
});

describe.each(TEST_DATABASE_KINDS)('POST /api/register on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });

  it('creates a learner, signs them in and answers 201 with both login shapes', async () => {
    const body = validBody();
    const response = await register(body);

    expect(response.statusCode).toBe(201);
    const auth = authResponseSchema.parse(response.json());
    expect(auth.access_token).toBe(auth.token.access_token);
    expect(auth.token.token_type).toBe('Bearer');
    expect(auth).toMatchObject({ user_type: 'user', user_role: 'user' });
    expect(auth.data).toMatchObject({ name: 'Ada Learner', email: body.email, user_role: 'user', level: 2 });
    expect(JSON.stringify(response.json())).not.toContain('password');

    const cookie = sessionCookieOf(response);
    expect(cookie).toMatchObject({ value: auth.access_token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();

    const details = await t.app.inject({
      method: 'GET',
      url: '/api/user-details',
      headers: { authorization: `Bearer ${auth.access_token}` },
    });
    expect(details.json()).toMatchObject({ data: { email: body.email } });
  });

  it('stores the email lower-cased and the password as an argon2id hash with OWASP parameters', async () => {
    const body = { ...validBody(), email: `  MiXeD-${uniqueEmail()}  `.replace('@', '@EXAMPLE.') };
    const response = await register(body);
    expect(response.statusCode).toBe(201);

    const [row] = await t.db.select().from(users).where(eq(users.id, response.json().data.id));
    expect(row?.email).toBe(body.email.trim().toLowerCase());
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers an address that has an account like a new one, without a session, and mails its owner', async () => {
    const body = validBody();
    expect((await register(body)).statusCode).toBe(201);

    const again = await register({ ...validBody(), email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ data: null, message: MESSAGES.registrationMailed({ email: body.email }) });
    expect(JSON.stringify(again.json())).not.toContain(MESSAGES.emailTaken);
    expect(sessionCookieOf(again)).toBeUndefined();
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, body.email), eq(mailOutbox.kind, 'account-exists')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You already have an account at Tokenly English');
    expect(mails[0]?.text).toContain('/forgot-password');
    // Nothing of the second visitor's words reaches the owner: the greeting has no name.
    expect(mails[0]?.text).not.toContain('Ada Learner');
    expect(await t.db.$count(users, sql`lower(${users.email}) = ${body.email}`)).toBe(1);
  });

  it('welcomes a new address without echoing the name typed in the form', async () => {
    const body = { ...validBody(), name: 'Visit cheap-pills.example now' };
    expect((await register(body)).statusCode).toBe(201);
    const [welcome] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, body.email), eq(mailOutbox.kind, 'welcome')));
    expect(welcome?.text).toContain('Hello,');
    expect(welcome?.text).not.toContain('cheap-pills');
  });

  it.each([
    ['common', 'password123', MESSAGES.passwordCommon],
    ['a keyboard row', 'qwertyuiop', MESSAGES.passwordCommon],
    ['one repeated character', 'aaaaaaaaaaaa', MESSAGES.passwordCommon],
    ['a run of digits', '1234567890', MESSAGES.passwordCommon],
    ['blank', '            ', MESSAGES.passwordBlank],
    ['too short', 'Tr0ub4d&', MESSAGES.passwordTooShort({ min: PASSWORD_MIN_LENGTH })],
  ])(
    'refuses a %s password with the rule it breaks, and creates nothing',
    async (_case, password, message) => {
      const body = { ...validBody(), password, password_confirmation: password };
      const response = await register(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.password).toEqual([message]);
      expect(await t.db.$count(users, eq(users.email, body.email))).toBe(0);
    },
  );

  it('refuses a password that contains the address', async () => {
    const body = validBody();
    const password = `${body.email.split('@')[0]}!2026`;
    const response = await register({ ...body, password, password_confirmation: password });
    expect(response.json().errors.password).toEqual([MESSAGES.passwordHasEmail]);
  });

  it.each([
    ['a short password', { password: 'short', password_confirmation: 'short' }, 'password', 'at least 10'],
    ['a malformed email', { email: 'not-an-email' }, 'email', 'valid email'],
    [
      'a confirmation that differs',
      { password_confirmation: 'something else' },
      'password_confirmation',
      MESSAGES.passwordsDoNotMatch,
    ],
    ['a level out of range', { level: 7 }, 'level', 'English level'],
    ['a number as name', { name: 42 }, 'name', 'Name'],
    ['an empty name', { name: '   ' }, 'name', 'Name is required.'],
  ])('answers 422 per field for %s', async (_case, change, field, message) => {
    const response = await register({ ...validBody(), ...change });
    expect(response.statusCode).toBe(422);
    const body = errorBodySchema.parse(response.json());
    expect(body.message).toBe(body.errorMessage);
    expect(body.errors?.[field]?.join(' ')).toContain(message);
  });

  it('lists every missing field at once', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(
      ['email', 'level', 'name', 'password', 'password_confirmation'].sort(),
    );
    expect(response.json().errors.email).toEqual(['Email is required.']);
  });

  it('answers 422, not 500, when the body is not an object', async () => {
    for (const payload of [[1, 2], 'text', null, 42]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ body: ['The request body must be a JSON object.'] });
    }
  });

  it('answers 400 for malformed JSON and 415 for a form post', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'The request body is not valid JSON.',
      errorMessage: 'The request body is not valid JSON.',
    });

    const form = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toContain('application/json');
  });

  it('ignores extra fields, including an attempt to choose the role', async () => {
    const response = await register({ ...validBody(), role: 'admin', user_role: 'admin', id: 1 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user_role: 'user', data: { user_role: 'user' } });
  });

  it('accepts the level as a string, as HTML selects send it', async () => {
    const response = await register({ ...validBody(), level: '3' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.level).toBe(3);
  });
});
