import { createHash, randomBytes } from 'node:crypto';
import type {
  AdminLoginBody,
  AuthResponse,
  LoginBody,
  RegisterBody,
  User,
  userDetailsSaveBodySchema,
} from '@tokenly/contract/auth';
import { levelOfRank } from '@tokenly/contract/levels';
import { MESSAGES } from '@tokenly/contract/messages';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@tokenly/i18n/locales';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SchoolSettingsRow } from '../../db/schema/school-settings';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { type Clock, nowOf } from '../../lib/clock';
import { checkNewPassword } from '../../lib/password-policy';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import { findUserByEmail, insertUser, updateUser } from './auth-repository';
import {
  deleteExpiredSessions,
  deleteOtherSessions,
  deleteSession,
  findLiveSession,
  insertSession,
} from './session-repository';
import type { SignInThrottle } from './sign-in-throttle';
import { insertTrustedDevice, isTrustedDevice } from './trusted-device-repository';

const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_MS = 12 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write; a minute is precise enough.
export const LAST_SEEN_PRECISION_MS = 60 * 1000;

// A browser that signed in stays trusted this long (its device cookie's lifetime).
const TRUSTED_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

export type AuthenticatedSession = { user: UserRow; sessionId: number };
/** `token` is the raw bearer token: it exists only in this response, the database keeps its hash. */
export type IssuedSession = { token: string; expiresAt: Date; lifetimeMs: number; persistent: boolean };
/** `deviceToken`: a new device cookie for this browser, when it had none for the account. */
type SignedInUser = { user: UserRow; deviceToken?: string };
type SignedIn = SignedInUser & { session: IssuedSession };

type UserDetailsSave = z.output<typeof userDetailsSaveBodySchema>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toUserDto(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    user_role: user.role,
    level: user.level,
    cefr_level: levelOfRank(user.cefrLevel),
    country: user.country,
    timezone: user.timezone,
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    disabled_at: user.disabledAt?.toISOString() ?? null,
  };
}

/** Both login shapes of SPEC.md section 4 in one body (DESIGN.md section 5). */
export function toAuthResponse({ user, session }: SignedIn): AuthResponse {
  return {
    access_token: session.token,
    token: { access_token: session.token, token_type: 'Bearer', expires_at: session.expiresAt.toISOString() },
    user_type: user.role,
    user_role: user.role,
    data: toUserDto(user),
  };
}

/** The 422 of an email another account has, under the email field (sign-up and the admin forms). */
export const emailTaken = () =>
  new AppError('VALIDATION', MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });

export type AuthServiceOptions = {
  clock: Clock;
  throttle: SignInThrottle;
  /**
   * What else happens in the sign-up's transaction: the sponsor recorded, the welcome mail, the level;
   * it returns the account again when it changed it.
   */
  onRegistered?: (tx: Database, user: UserRow, body: RegisterBody) => Promise<UserRow | undefined>;
  /** Someone signed up with the address of an existing account: its owner is told, not the visitor. */
  onAddressTaken?: (user: UserRow) => Promise<void>;
};

/** Who is signing in: the client's address and the device token its browser holds, if any. */
export type SignInRequest = { ip: string; deviceToken: string | undefined };

export function createAuthService(db: Database, options: AuthServiceOptions) {
  const { clock, throttle } = options;

  async function issueSession(executor: Database, userId: number, remember: boolean): Promise<IssuedSession> {
    const issuedAt = nowOf(clock);
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = remember ? REMEMBERED_SESSION_MS : SESSION_MS;
    const expiresAt = new Date(issuedAt.getTime() + lifetimeMs);
    await deleteExpiredSessions(executor, userId, issuedAt);
    await insertSession(executor, { userId, tokenHash: hashToken(token), expiresAt, now: issuedAt });
    return { token, expiresAt, lifetimeMs, persistent: remember };
  }

  /**
   * The account behind the email and password, through the sign-in throttle: a client that must pause
   * is told so before any password is checked, and only a wrong password counts against it.
   */
  async function checkCredentials(
    email: string,
    password: string,
    from: SignInRequest,
  ): Promise<SignedInUser> {
    const now = nowOf(clock);
    const user = await findUserByEmail(db, email);
    const trusted =
      user !== undefined &&
      from.deviceToken !== undefined &&
      (await isTrustedDevice(db, { userId: user.id, tokenHash: hashToken(from.deviceToken), now }));
    const client = { ip: from.ip, trusted };
    await throttle.check(client, email);
    const matches = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyDummyPassword(password);
    if (!user || !matches) {
      await throttle.failed(client, email);
      throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
    }
    await throttle.succeeded(client, email);
    // After the password, so only the account's owner learns that it is disabled.
    if (user.disabledAt !== null) throw new AppError('FORBIDDEN', MESSAGES.accountDisabled);
    return { user, deviceToken: trusted ? undefined : await trustDevice(user.id, now) };
  }

  /** A new device token for this browser, so the account's sign-in lock never stops it (OWASP). */
  async function trustDevice(userId: number, now: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertTrustedDevice(db, {
      userId,
      tokenHash: hashToken(token),
      now,
      expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_MS),
    });
    return token;
  }

  return {
    /**
     * Creates a learner (role user) and signs them in. An address that already has an account gets the
     * same status, no session, and its owner a mail: the answer does not say that the address is known.
     */
    async register(body: RegisterBody): Promise<SignedIn | { mailed: string }> {
      checkNewPassword(body.password, body.email);
      // Hashed either way, so the two answers take the same time.
      const passwordHash = await hashPassword(body.password);
      const existing = await findUserByEmail(db, body.email);
      if (existing) {
        await options.onAddressTaken?.(existing);
        return { mailed: body.email };
      }
      try {
        return await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            name: body.name,
            email: body.email,
            passwordHash,
            role: 'user',
            level: body.level,
            timezone: body.timezone ?? null,
            locale: body.locale ?? DEFAULT_LOCALE,
          });
          // The hook may change the new account (its level): the answer shows the account as it stands.
          const changed = await options.onRegistered?.(tx, user, body);
          return { user: changed ?? user, session: await issueSession(tx, user.id, false) };
        });
      } catch (error) {
        // Two sign-ups with one email at the same moment: the index decides, the loser is answered as
        // any sign-up with a taken address.
        if (isUniqueViolation(error, 'users_email_lower_unique')) return { mailed: body.email };
        throw error;
      }
    },

    /** Any role may sign in here; the response's user_role tells the client where to go. */
    async login(body: LoginBody, from: SignInRequest): Promise<SignedIn> {
      const { user, deviceToken } = await checkCredentials(body.email, body.password, from);
      return { user, deviceToken, session: await issueSession(db, user.id, body.remember) };
    },

    /** Checks the password before the role, so the answer does not reveal which emails are learners. */
    async adminLogin(body: AdminLoginBody, from: SignInRequest): Promise<SignedIn> {
      const { user, deviceToken } = await checkCredentials(body.email, body.password, from);
      if (user.role !== 'admin') throw new AppError('FORBIDDEN', MESSAGES.notAdmin);
      return { user, deviceToken, session: await issueSession(db, user.id, false) };
    },

    /** The session with its user, and the school settings as the same statement read them. */
    async authenticate(
      token: string,
    ): Promise<(AuthenticatedSession & { expiresAt: Date; school: SchoolSettingsRow | null }) | undefined> {
      const at = nowOf(clock);
      const staleBefore = new Date(at.getTime() - LAST_SEEN_PRECISION_MS);
      const found = await findLiveSession(db, hashToken(token), at, staleBefore);
      if (!found) return undefined;
      return {
        user: found.user,
        sessionId: found.session.id,
        expiresAt: found.session.expiresAt,
        school: found.school,
      };
    },

    async saveLocale(session: AuthenticatedSession, locale: Locale): Promise<UserRow> {
      const user = await updateUser(db, session.user.id, { locale });
      if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      return user;
    },

    async logout(session: AuthenticatedSession): Promise<void> {
      await deleteSession(db, session.sessionId);
    },

    /**
     * Name and, optionally, password (SPEC.md Settings). A new password needs the current one (a
     * session alone must not be enough to take the account) and signs out every other session, as a
     * stolen session must not survive the owner's reaction; the current one stays valid.
     */
    async saveUserDetails(session: AuthenticatedSession, body: UserDetailsSave): Promise<UserRow> {
      if (body.password !== undefined) {
        checkNewPassword(body.password, session.user.email);
        // The schema already demands it with a new password; checked here too so no caller can skip it.
        const current = body.current_password ?? '';
        await throttle.currentPassword.check(session.user.id);
        if (!(await verifyPassword(session.user.passwordHash, current))) {
          await throttle.currentPassword.failed(session.user.id);
          throw new AppError('VALIDATION', MESSAGES.currentPasswordWrong, {
            current_password: [MESSAGES.currentPasswordWrong],
          });
        }
      }
      const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const user = await updateUser(tx, session.user.id, {
          name: body.name,
          passwordHash,
          timezone: body.timezone,
        });
        if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
        if (passwordHash !== undefined) await deleteOtherSessions(tx, user.id, session.sessionId);
        return user;
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: create that admin, or give the existing account the role and password
 * and enable it again: the way back in when every other administrator is gone.
 */
export async function ensureAdmin(
  db: Database,
  credentials: { email: string; password: string },
): Promise<UserRow> {
  const passwordHash = await hashPassword(credentials.password);
  const existing = await findUserByEmail(db, credentials.email);
  if (existing) {
    const updated = await updateUser(db, existing.id, { role: 'admin', passwordHash, disabledAt: null });
    if (updated) return updated;
  }
  return insertUser(db, { name: 'Administrator', email: credentials.email, passwordHash, role: 'admin' });
}
