import cookie from '@fastify/cookie';
import type { Role } from '@tokenly/contract/auth';
import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { MESSAGES } from '@tokenly/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-type';
import type { SchoolSettingsRow } from '../db/schema/school-settings';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import {
  type AuthenticatedSession,
  type AuthService,
  hashToken,
  type IssuedSession,
} from '../modules/auth/auth-service';
import { useSettingsForThisRequest } from '../modules/school-settings/school-settings-service';
import type { Memo } from './response-cache';

export const SESSION_COOKIE = 'tokenly_session';

type Guard = (request: FastifyRequest) => Promise<void>;
type KeptSession = AuthenticatedSession & { expiresAt: Date };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedSession | null;
  }
  // onRequest hooks: they run before the body is parsed and validated, so a caller without the right
  // session learns nothing about the call's rules (401/403 before any 4xx about the body).
  interface FastifyInstance {
    /** 401 without a valid session. */
    requireAuth: Guard;
    /** 401 without a valid session, 403 with another role. */
    requireRole: (role: Role) => Guard;
  }
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READ_METHODS = new Set(['GET', 'HEAD']);

function readCredential(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    // An explicit but malformed Authorization header is a failed login, not a fallback to the cookie.
    const token = /^Bearer +(\S+)$/i.exec(header)?.[1];
    return token ? { token, via: 'bearer' } : undefined;
  }
  const token = request.cookies[SESSION_COOKIE];
  return token ? { token, via: 'cookie' } : undefined;
}

export async function registerAuth(
  app: App,
  { auth, sessions, clock }: { auth: AuthService; sessions: Memo; clock: Clock },
): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);

  const requireAuth: Guard = async (request) => {
    const credential = readCredential(request);
    if (!credential) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    // DESIGN.md section 6: the cookie rides along on cross-site requests; a custom header cannot be
    // added cross-site without a CORS preflight we never grant, so it proves the call is our own.
    if (
      credential.via === 'cookie' &&
      STATE_CHANGING_METHODS.has(request.method) &&
      request.headers['x-requested-with']?.toString().toLowerCase() !== 'xmlhttprequest'
    ) {
      throw new AppError('FORBIDDEN', MESSAGES.markerHeaderRequired);
    }
    const { session, school } = await sessionOf(request.method, credential.token);
    if (!session || session.expiresAt.getTime() <= clock.now()) {
      throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    }
    request.auth = { user: session.user, sessionId: session.sessionId };
    useSettingsForThisRequest(school);
  };

  /**
   * A read takes its session as this window's first read of it found it, one round trip fewer,
   * on the response cache's terms (docs/decisions/019): this process's writes (a sign-out, a disabled
   * account, a new password) are seen at once, another process's within the window. A write always asks
   * the database, so a session ended anywhere can change nothing. The school settings are kept by no one:
   * only the request that asked the database has them; the others read them at first use.
   */
  async function sessionOf(
    method: string,
    token: string,
  ): Promise<{ session: KeptSession | undefined; school: SchoolSettingsRow | null }> {
    if (!READ_METHODS.has(method)) {
      const found = await auth.authenticate(token);
      return { session: found, school: found?.school ?? null };
    }
    let school: SchoolSettingsRow | null = null;
    const session = await sessions(`session:${hashToken(token)}`, async () => {
      const found = await auth.authenticate(token);
      if (!found) return undefined;
      school = found.school;
      return { user: found.user, sessionId: found.sessionId, expiresAt: found.expiresAt };
    });
    return { session, school };
  }

  const requireRole =
    (role: Role): Guard =>
    async (request) => {
      await requireAuth(request);
      if (request.auth?.user.role !== role) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    };
  app.decorate('requireAuth', requireAuth);
  app.decorate('requireRole', requireRole);

  // Each call's guard is its contract entry's `auth`, run before any hook of the route's own.
  app.addHook('onRoute', (route) => {
    const name = route.config?.endpoint;
    if (name === undefined) return;
    const access = ENDPOINTS[name].auth;
    if (access === 'public') return;
    const guard = access === 'any' ? requireAuth : requireRole(access);
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

/** The session a guard has put on the request; a route without a guard gets a 401 rather than a crash. */
export function currentSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return request.auth;
}

function cookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: request.overHttps } as const;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...cookieOptions(request),
    // Without "remember me" the cookie ends with the browser session (the server session ends at 12 h).
    ...(session.persistent ? { maxAge: Math.floor(session.lifetimeMs / 1000) } : {}),
  });
}

/**
 * The browser's sign-in device token (OWASP's device cookie): sent only to the API, kept a year, and
 * never readable by scripts. Set only when sign-in issued a new one.
 */
export const DEVICE_COOKIE = 'tokenly_device';
const DEVICE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
): void {
  if (token === undefined) return;
  reply.setCookie(DEVICE_COOKIE, token, {
    ...cookieOptions(request),
    path: '/api/',
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
