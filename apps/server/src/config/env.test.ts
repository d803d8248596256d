import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../test/server-process';
import { ConfigError, loadConfig } from './env';
import { REPO_ROOT, SERVER_ROOT } from './paths';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the defaults of DESIGN.md section 3', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      databasePool: { max: 10, connectionTimeoutMs: 5000, statementTimeoutMs: 30_000, idleTimeoutMs: 30_000 },
      dataDir: join(REPO_ROOT, 'data'),
      demoData: true,
      admin: undefined,
      stripe: undefined,
      timezone: 'UTC',
      smtpUrl: undefined,
      mailFrom: 'Tokenly English <no-reply@tokenly.test>',
      schoolEmail: 'no-reply@tokenly.test',
      appUrl: 'http://localhost:3000',
      cancelWindowHours: 24,
      waitlistCutoffHours: 24,
      meetingLinkLeadMinutes: 15,
      reminders: { classHours: 24, creditExpiryDays: 7 },
      mailRetentionDays: 90,
      placementRetentionDays: 30,
      logLevel: 'info',
      trustProxy: false,
      webDistDir: join(REPO_ROOT, 'apps/web/dist'),
      rateLimits: {
        signIn: {
          clientAndAccount: { max: 10, windowMs: 15 * 60_000 },
          client: { max: 100, windowMs: 3_600_000 },
          account: { max: 50, windowMs: 3_600_000 },
        },
        register: { max: 20, windowMs: 86_400_000 },
        forgotPassword: { max: 20, windowMs: 86_400_000 },
        resetPassword: { max: 30, windowMs: 3_600_000 },
        contact: { max: 10, windowMs: 86_400_000 },
        resendVerification: { max: 3, windowMs: 3_600_000 },
        mailPerRecipient: { max: 3, windowMs: 3_600_000 },
        placement: {
          client: { max: 20, windowMs: 86_400_000 },
          account: { max: 5, windowMs: 86_400_000 },
        },
        codeGuess: {
          client: { max: 30, windowMs: 3_600_000 },
          account: { max: 10, windowMs: 3_600_000 },
        },
      },
    });
  });

  it('sends enquiries to the address of MAIL_FROM and links to the port unless told otherwise', () => {
    expect(loadConfig({ MAIL_FROM: 'School <Office@Example.com>', PORT: '8080' })).toMatchObject({
      schoolEmail: 'office@example.com',
      appUrl: 'http://localhost:8080',
    });
  });

  it('turns demo data off by default with DATABASE_URL, and lets DEMO_DATA decide', () => {
    const url = 'postgres://app@db.internal:5432/tokenly';
    expect(loadConfig({ DATABASE_URL: url }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/tokenly',
      ADMIN_EMAIL: ' Owner@Example.com ',
      ADMIN_PASSWORD: 'long enough',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      APP_TIMEZONE: 'Europe/London',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'Tokenly <school@example.com>',
      SCHOOL_EMAIL: 'Office@Example.com',
      APP_URL: 'https://english.example.com/',
      CANCEL_WINDOW_HOURS: '48',
      WAITLIST_CUTOFF_HOURS: '12',
      MEETING_LINK_LEAD_MINUTES: '10',
      REMINDER_HOURS: '12',
      CREDIT_EXPIRY_NOTICE_DAYS: '3',
      MAIL_RETENTION_DAYS: '30',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      DATABASE_POOL_MAX: '25',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '60000',
      DATABASE_IDLE_TIMEOUT_MS: '5000',
    });
    expect(config).toMatchObject({
      port: 8080,
      databasePool: { max: 25, connectionTimeoutMs: 2000, statementTimeoutMs: 60_000, idleTimeoutMs: 5000 },
      dataDir: '/var/lib/tokenly',
      admin: { email: 'owner@example.com', password: 'long enough' },
      stripe: { secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' },
      timezone: 'Europe/London',
      smtpUrl: 'smtp://mail.example.com:587',
      mailFrom: 'Tokenly <school@example.com>',
      schoolEmail: 'office@example.com',
      appUrl: 'https://english.example.com',
      cancelWindowHours: 48,
      waitlistCutoffHours: 12,
      meetingLinkLeadMinutes: 10,
      reminders: { classHours: 12, creditExpiryDays: 3 },
      mailRetentionDays: 30,
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it('closes waitlists at the cancellation window unless WAITLIST_CUTOFF_HOURS says otherwise', () => {
    expect(loadConfig({ CANCEL_WINDOW_HOURS: '6' }).waitlistCutoffHours).toBe(6);
    expect(loadConfig({ CANCEL_WINDOW_HOURS: '6', WAITLIST_CUTOFF_HOURS: '0' }).waitlistCutoffHours).toBe(0);
    expect(() => loadConfig({ WAITLIST_CUTOFF_HOURS: '-1' })).toThrow(
      'WAITLIST_CUTOFF_HOURS must be an integer between 0 and 720',
    );
  });

  it('resolves a relative DATA_DIR against the repository root and treats empty values as unset', () => {
    expect(loadConfig({ DATA_DIR: './tmp/db' }).dataDir).toBe(join(REPO_ROOT, 'tmp/db'));
    expect(loadConfig({ PORT: '', DATA_DIR: '' })).toMatchObject({
      port: 3000,
      dataDir: join(REPO_ROOT, 'data'),
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid environment: PORT must be an integer between 1 and 65535'],
    [{ PORT: '70000' }, 'PORT must be an integer between 1 and 65535'],
    [{ PORT: '3.5' }, 'PORT must be an integer'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA must be 1 or 0'],
    [{ ADMIN_EMAIL: 'admin@example.com' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL must be a valid email address'],
    [
      { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'short' },
      'ADMIN_PASSWORD must be at least 8 characters',
    ],
    [{ STRIPE_SECRET_KEY: 'pk_wrong' }, 'STRIPE_SECRET_KEY must start with sk_'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET must start with whsec_'],
    [{ APP_TIMEZONE: 'Mars/Olympus' }, 'APP_TIMEZONE must be an IANA time zone'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM must be an address'],
    [{ SCHOOL_EMAIL: 'office' }, 'SCHOOL_EMAIL must be a valid email address'],
    [{ APP_URL: 'english.example.com' }, 'APP_URL must be a URL starting with http:// or https://'],
    [{ CANCEL_WINDOW_HOURS: '-1' }, 'CANCEL_WINDOW_HOURS must be an integer between 0 and 720'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ MAIL_RETENTION_DAYS: '0' }, 'MAIL_RETENTION_DAYS must be an integer between 1 and 3650'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX must be an integer between 1 and 1000'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '5s' }, 'DATABASE_CONNECT_TIMEOUT_MS must be an integer between 100 and'],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '0' },
      'DATABASE_STATEMENT_TIMEOUT_MS must be an integer between 100 and',
    ],
    [{ DATABASE_IDLE_TIMEOUT_MS: '10' }, 'DATABASE_IDLE_TIMEOUT_MS must be an integer between 1000 and'],
    [{ CLASSROOM_PROVIDER: 'zoom' }, 'CLASSROOM_PROVIDER must be one of jitsi, bbb, manual'],
    [{ JITSI_URL: 'meet.example.com' }, 'JITSI_URL must be a URL starting with http:// or https://'],
    [{ JITSI_APP_ID: 'tokenly' }, 'JITSI_APP_ID and JITSI_APP_SECRET must be set together'],
    [{ BBB_SECRET: 'secret' }, 'BBB_URL and BBB_SECRET must be set together'],
    [{ CLASSROOM_PROVIDER: 'bbb' }, 'CLASSROOM_PROVIDER=bbb needs BBB_URL and BBB_SECRET'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET must be set to store files in S3'],
    [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
    [
      { S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT must be a URL starting with http:// or https://',
    ],
    [{ S3_BUCKET: 'b', S3_PREFIX: '../up' }, 'S3_PREFIX must be a folder name ending in /'],
  ])('rejects %o naming the variable', (env, message) => {
    expect(errorOf(env)).toContain(message);
  });

  it('makes Jitsi rooms on meet.jit.si unless told otherwise', () => {
    expect(loadConfig({}).classroom).toEqual({
      provider: 'jitsi',
      jitsi: { url: 'https://meet.jit.si', appId: undefined, appSecret: undefined },
      bbb: undefined,
    });
    expect(
      loadConfig({
        CLASSROOM_PROVIDER: 'bbb',
        BBB_URL: 'https://bbb.example.com/bigbluebutton/',
        BBB_SECRET: 'shared',
        JITSI_URL: 'https://jitsi.example.com/',
      }).classroom,
    ).toMatchObject({
      provider: 'bbb',
      jitsi: { url: 'https://jitsi.example.com' },
      bbb: { url: 'https://bbb.example.com/bigbluebutton', secret: 'shared' },
    });
  });

  it('stores files under DATA_DIR unless an S3 bucket is named', () => {
    expect(loadConfig({ DATA_DIR: '/srv/tokenly' }).fileStorage).toEqual({
      kind: 'disk',
      dir: '/srv/tokenly/files',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'school',
        S3_ENDPOINT: 'https://minio.example.com',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'tokenly/',
      }).fileStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'school',
      region: 'us-east-1',
      endpoint: 'https://minio.example.com',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      prefix: 'tokenly/',
    });
  });

  it('names every bad variable at once', () => {
    const message = errorOf({ PORT: '0', APP_TIMEZONE: 'Nowhere' });
    expect(message).toMatch(/^Invalid environment: /);
    expect(message).toContain('PORT');
    expect(message).toContain('APP_TIMEZONE');
  });
});

describe('server start with a bad environment', () => {
  it('exits with code 1 and a one-line message, no stack trace', () => {
    const result = spawnSync(process.execPath, [SERVER_ENTRY], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid environment: PORT must be an integer between 1 and 65535');
    expect(result.stdout).toBe('');
  }, 70_000);
});
