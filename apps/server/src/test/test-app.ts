import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@tokenly/contract/auth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AppDependencies, buildApp } from '../app';
import type { App } from '../app-type';
import { type AppConfig, loadConfig, type RateLimits } from '../config/env';
import type { Database, DatabaseHandle, DatabaseKind } from '../db/client';
import { createUser } from '../db/seed/factories';
import { SESSION_COOKIE } from '../plugins/auth';
import { watchAnswers } from './documented-responses';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  db: Database;
  config: AppConfig;
  close: () => Promise<void>;
};

const RELAXED = { max: 1_000_000, windowMs: 60_000 };

/** Limits no test trips by accident; a test of a limit overrides the one it tries. */
export const RELAXED_RATE_LIMITS: RateLimits = {
  signIn: { clientAndAccount: RELAXED, client: RELAXED, account: RELAXED },
  register: RELAXED,
  forgotPassword: RELAXED,
  resetPassword: RELAXED,
  contact: RELAXED,
  resendVerification: RELAXED,
  mailPerRecipient: RELAXED,
  placement: { client: RELAXED, account: RELAXED },
  codeGuess: { client: RELAXED, account: RELAXED },
};

/** The production defaults, quiet, with no web build and limits tests do not trip by accident. */
function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    webDistDir: join(tmpdir(), 'tokenly-no-web-build'),
    rateLimits: RELAXED_RATE_LIMITS,
    // Tests run jobs themselves, at the instant they choose; the queue still takes them.
    runJobs: false,
    // Uploaded files in a folder of the app's own, removed when it closes.
    fileStorage: { kind: 'disk', dir: mkdtempSync(join(tmpdir(), 'tokenly-files-')) },
    ...overrides,
  };
}

/** The real app on a fresh database of the given kind. */
export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
  dependencies: AppDependencies = {},
): Promise<TestApp> {
  return createTestAppOn(await createTestDatabase(kind), overrides, dependencies);
}

/** The real app on a migrated database the test opened itself (through a proxy, say); close() destroys it. */
export async function createTestAppOn(
  { database, destroy }: TestDatabase,
  overrides: Partial<AppConfig> = {},
  dependencies: AppDependencies = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  // Closing fails a job still running at once: the test that started it has ended.
  const app = await buildApp(config, database, { checkResponses: true, jobStopWaitMs: 0, ...dependencies });
  const undocumentedAnswers = watchAnswers(app);
  return {
    app,
    database,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await destroy();
      if (config.fileStorage.kind === 'disk' && overrides.fileStorage === undefined) {
        rmSync(config.fileStorage.dir, { recursive: true, force: true });
      }
      expect(undocumentedAnswers(), 'answers the OpenAPI document does not allow').toEqual([]);
    },
  };
}

export type AdminTestApp = TestApp & { admin: { authorization: string }; learnerToken: string };

/**
 * The app of a describe block of admin calls, with a signed-in admin (`admin`: its headers) and learner:
 * made before the block's tests and closed after them, so read its fields inside the tests.
 */
export function adminTestApp(kind: DatabaseKind, dependencies: AppDependencies = {}): AdminTestApp {
  const context = {} as AdminTestApp;
  beforeAll(async () => {
    const t = await createTestApp(kind, {}, dependencies);
    Object.assign(context, t, {
      admin: bearer((await signedInUser(t.app, t.db, 'admin')).token),
      learnerToken: (await signedInUser(t.app, t.db)).token,
    });
  });
  afterAll(() => context.close());
  return context;
}

/** SPEC.md's marker header, which cookie-authenticated writes need. */
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export function sessionCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
}

export function cookieHeader(token: string): { cookie: string } {
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** Signs in through the API and returns the raw access token. */
export async function signIn(
  app: App,
  credentials: { email: string; password: string; remember?: boolean },
  path: '/api/login' | '/api/admin-login' = '/api/login',
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: path, payload: credentials });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** A new account of the role, signed in. */
export async function signedInUser(app: App, db: Database, role: Role = 'user') {
  const { user, password } = await createUser(db, { role });
  const token = await signIn(
    app,
    { email: user.email, password },
    role === 'admin' ? '/api/admin-login' : '/api/login',
  );
  return { user, password, token };
}
