import { join, resolve } from 'node:path';
import { emailSchema } from '@tokenly/contract/auth';
import { CLASSROOM_PROVIDERS, type ClassroomProvider } from '@tokenly/contract/classroom';
import { isTimeZone } from '@tokenly/contract/common';
import {
  CANCEL_WINDOW_HOURS_MAX,
  MEETING_LINK_LEAD_MINUTES_MAX,
  WAITLIST_CUTOFF_HOURS_MAX,
} from '@tokenly/contract/school-settings';
import { z } from 'zod';
import { StartupError } from '../lib/startup-error';
import { REPO_ROOT } from './paths';

// The only reader of process.env (STYLE.md): everything else receives an AppConfig.

// The operator's own password for the account they restore at start: it is theirs to choose, and a
// deployment that started before the sign-up rule grew to ten characters must go on starting.
const ADMIN_PASSWORD_MIN_LENGTH = 8;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export type RateLimit = { max: number; windowMs: number };

/** How the PostgreSQL pool bounds a request's wait (README, deployment); PGlite has no pool. */
export type DatabasePoolSettings = {
  /** Connections per process. */
  max: number;
  /** Longest wait for a connection, a free one of the pool or a new one; past it the request gets 503. */
  connectionTimeoutMs: number;
  /** PostgreSQL's statement_timeout: a statement running longer is cancelled (and the request gets 503). */
  statementTimeoutMs: number;
  /** An unused connection is closed after this long, so a pool shrinks back after a burst. */
  idleTimeoutMs: number;
};

export const DATABASE_POOL_DEFAULTS: DatabasePoolSettings = {
  max: 10,
  connectionTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
};

export type AppConfig = {
  port: number;
  /** Unset means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  databasePool: DatabasePoolSettings;
  dataDir: string;
  demoData: boolean;
  admin: { email: string; password: string } | undefined;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        /** Another Stripe API host (stripe-mock, a test stand-in); unset means api.stripe.com. */
        apiUrl: string | undefined;
      }
    | undefined;
  /** Demo gateway only: billing periods of this many minutes instead of months, to see renewals. */
  demoPeriodMinutes: number | undefined;
  /** Run queued jobs (mail, reminders, renewals) in this process; off, it only queues them. */
  runJobs: boolean;
  // The school settings: timezone, schoolEmail, cancelWindowHours, waitlistCutoffHours and
  // meetingLinkLeadMinutes only give a new database its first values (modules/school-settings); the
  // services read the database's.
  timezone: string;
  /** Unset: no mail leaves the machine; it is kept in the outbox for the admin Outbox screen. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where enquiries to the school go; the address of MAIL_FROM unless set. */
  schoolEmail: string;
  /** The site's address as people reach it, for the links in mail. */
  appUrl: string;
  cancelWindowHours: number;
  /** No waitlist promotion later than this before a class. */
  waitlistCutoffHours: number;
  /** The join link is released, and "starting soon" mailed, this long before a class. */
  meetingLinkLeadMinutes: number;
  /** Who makes each class's video room (docs/classroom.md); `manual`: the links typed into the class. */
  classroom: ClassroomConfig;
  /** Where uploaded files (class materials, homework) are kept (docs/files.md). */
  fileStorage: FileStorageConfig;
  /** Mail about what is coming: the class reminder and the credits-expiring notice. */
  reminders: {
    /** The class reminder goes this many hours before the start (REMINDER_HOURS, default 24). */
    classHours: number;
    /** Credits about to expire are announced this many days before their lot expires. */
    creditExpiryDays: number;
  };
  /** Delivered mails' bodies are dropped this many days after they left (MAIL_RETENTION_DAYS, 90). */
  mailRetentionDays: number;
  /** A visitor's placement test no account took up is removed this many days after it started (30). */
  placementRetentionDays: number;
  logLevel: LogLevel;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* for the client IP and https detection. */
  trustProxy: boolean;
  webDistDir: string;
  /** What outsiders may ask for, and how often (README, Security: each limit, its variable and default). */
  rateLimits: RateLimits;
};

/** The first video-room settings of a new database; from then on they are the school's (Settings). */
export type ClassroomConfig = {
  provider: ClassroomProvider;
  /** The Jitsi server; with appId and appSecret (a self-hosted server with JWT auth) links carry a token. */
  jitsi: { url: string; appId: string | undefined; appSecret: string | undefined };
  /** The BigBlueButton server (its base, up to /bigbluebutton/) and its shared secret. */
  bbb: { url: string; secret: string } | undefined;
};

export type FileStorageConfig =
  /** A folder of this machine: `files` under DATA_DIR. */
  | { kind: 'disk'; dir: string }
  /** A bucket of S3 or of any S3 API (S3_ENDPOINT), each key under the prefix. */
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** Unset: the AWS SDK's own chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      prefix: string;
    };

export type RateLimits = {
  /** Failed sign-ins: per client and address, per client, per address from every client. */
  signIn: { clientAndAccount: RateLimit; client: RateLimit; account: RateLimit };
  /** Per client: sign-ups, reset-link requests, link uses, enquiries. */
  register: RateLimit;
  forgotPassword: RateLimit;
  resetPassword: RateLimit;
  contact: RateLimit;
  /** Per account: "send the verification link again". */
  resendVerification: RateLimit;
  /** Mails of one kind an outsider can cause (welcome, reset link, enquiry receipt) to one recipient. */
  mailPerRecipient: RateLimit;
  /** Placement tests started: per client (visitors and learners), and per signed-in account. */
  placement: { client: RateLimit; account: RateLimit };
  /** Promo and gift codes that did not work: per client, and per signed-in account. */
  codeGuess: { client: RateLimit; account: RateLimit };
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export class ConfigError extends StartupError {}

const integer = <Fallback extends number | undefined>(
  name: string,
  min: number,
  max: number,
  fallback: Fallback,
) =>
  z
    .string()
    .optional()
    .transform((value, ctx): number | Fallback => {
      if (value === undefined) return fallback;
      const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isInteger(parsed) && parsed >= min && parsed <= max) return parsed;
      ctx.addIssue({ code: 'custom', message: `${name} must be an integer between ${min} and ${max}` });
      return z.NEVER;
    });

const flag = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const normalized = value.toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(normalized)) return true;
      if (['0', 'false', 'no', 'off'].includes(normalized)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be 1 or 0 (or true/false)` });
      return z.NEVER;
    });

const urlWithProtocol = (name: string, protocols: readonly string[]) =>
  z
    .string()
    .optional()
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

const prefixed = (name: string, prefix: string) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || value.startsWith(prefix), {
      message: `${name} must start with ${prefix}`,
    });

/** An optional email address setting, normalised as the contract normalises sign-up emails. */
const emailSetting = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const email = emailSchema.safeParse(value);
      if (email.success) return email.data;
      ctx.addIssue({ code: 'custom', message: `${name} must be a valid email address` });
      return z.NEVER;
    });

const envSchema = z
  .object({
    PORT: integer('PORT', 1, 65535, 3000),
    DATABASE_URL: urlWithProtocol('DATABASE_URL', ['postgres:', 'postgresql:']),
    DATABASE_POOL_MAX: integer('DATABASE_POOL_MAX', 1, 1000, DATABASE_POOL_DEFAULTS.max),
    DATABASE_CONNECT_TIMEOUT_MS: integer(
      'DATABASE_CONNECT_TIMEOUT_MS',
      100,
      600_000,
      DATABASE_POOL_DEFAULTS.connectionTimeoutMs,
    ),
    DATABASE_STATEMENT_TIMEOUT_MS: integer(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      100,
      3_600_000,
      DATABASE_POOL_DEFAULTS.statementTimeoutMs,
    ),
    DATABASE_IDLE_TIMEOUT_MS: integer(
      'DATABASE_IDLE_TIMEOUT_MS',
      1000,
      3_600_000,
      DATABASE_POOL_DEFAULTS.idleTimeoutMs,
    ),
    DATA_DIR: z.string().optional(),
    DEMO_DATA: flag('DEMO_DATA'),
    ADMIN_EMAIL: emailSetting('ADMIN_EMAIL'),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .refine((value) => value === undefined || value.length >= ADMIN_PASSWORD_MIN_LENGTH, {
        message: `ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
      }),
    STRIPE_SECRET_KEY: prefixed('STRIPE_SECRET_KEY', 'sk_'),
    STRIPE_PUBLISHABLE_KEY: prefixed('STRIPE_PUBLISHABLE_KEY', 'pk_'),
    STRIPE_WEBHOOK_SECRET: prefixed('STRIPE_WEBHOOK_SECRET', 'whsec_'),
    STRIPE_API_URL: urlWithProtocol('STRIPE_API_URL', ['http:', 'https:']),
    DEMO_PERIOD_MINUTES: integer('DEMO_PERIOD_MINUTES', 1, 525_600, 0),
    APP_TIMEZONE: z
      .string()
      .optional()
      .refine((value) => value === undefined || isTimeZone(value), {
        message: 'APP_TIMEZONE must be an IANA time zone such as Europe/London or UTC',
      }),
    SMTP_URL: urlWithProtocol('SMTP_URL', ['smtp:', 'smtps:']),
    MAIL_FROM: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value),
        {
          message:
            'MAIL_FROM must be an address such as school@example.com or "Tokenly <school@example.com>"',
        },
      ),
    SCHOOL_EMAIL: emailSetting('SCHOOL_EMAIL'),
    APP_URL: urlWithProtocol('APP_URL', ['http:', 'https:']),
    CANCEL_WINDOW_HOURS: integer('CANCEL_WINDOW_HOURS', 0, CANCEL_WINDOW_HOURS_MAX, 24),
    WAITLIST_CUTOFF_HOURS: integer('WAITLIST_CUTOFF_HOURS', 0, WAITLIST_CUTOFF_HOURS_MAX, undefined),
    MEETING_LINK_LEAD_MINUTES: integer('MEETING_LINK_LEAD_MINUTES', 0, MEETING_LINK_LEAD_MINUTES_MAX, 15),
    CLASSROOM_PROVIDER: z
      .enum(CLASSROOM_PROVIDERS, {
        error: `CLASSROOM_PROVIDER must be one of ${CLASSROOM_PROVIDERS.join(', ')}`,
      })
      .optional()
      .default('jitsi'),
    JITSI_URL: urlWithProtocol('JITSI_URL', ['http:', 'https:']),
    JITSI_APP_ID: z.string().optional(),
    JITSI_APP_SECRET: z.string().optional(),
    BBB_URL: urlWithProtocol('BBB_URL', ['http:', 'https:']),
    BBB_SECRET: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: urlWithProtocol('S3_ENDPOINT', ['http:', 'https:']),
    S3_REGION: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PREFIX: z
      .string()
      .optional()
      .refine((value) => value === undefined || /^[A-Za-z0-9!_.*'()/-]+\/$/.test(value), {
        message: 'S3_PREFIX must be a folder name ending in / such as tokenly/',
      }),
    REMINDER_HOURS: integer('REMINDER_HOURS', 1, 168, 24),
    CREDIT_EXPIRY_NOTICE_DAYS: integer('CREDIT_EXPIRY_NOTICE_DAYS', 1, 90, 7),
    MAIL_RETENTION_DAYS: integer('MAIL_RETENTION_DAYS', 1, 3650, 90),
    PLACEMENT_RETENTION_DAYS: integer('PLACEMENT_RETENTION_DAYS', 1, 3650, 30),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
      .optional()
      .default('info'),
    TRUST_PROXY: flag('TRUST_PROXY'),
    RUN_JOBS: flag('RUN_JOBS'),
    LOGIN_RATE_LIMIT: integer('LOGIN_RATE_LIMIT', 1, 100_000, 10),
    LOGIN_CLIENT_RATE_LIMIT: integer('LOGIN_CLIENT_RATE_LIMIT', 1, 1_000_000, 100),
    LOGIN_ACCOUNT_RATE_LIMIT: integer('LOGIN_ACCOUNT_RATE_LIMIT', 1, 1_000_000, 50),
    REGISTER_RATE_LIMIT: integer('REGISTER_RATE_LIMIT', 1, 1_000_000, 20),
    FORGOT_PASSWORD_RATE_LIMIT: integer('FORGOT_PASSWORD_RATE_LIMIT', 1, 1_000_000, 20),
    RESET_PASSWORD_RATE_LIMIT: integer('RESET_PASSWORD_RATE_LIMIT', 1, 1_000_000, 30),
    CONTACT_RATE_LIMIT: integer('CONTACT_RATE_LIMIT', 1, 1_000_000, 10),
    VERIFICATION_RATE_LIMIT: integer('VERIFICATION_RATE_LIMIT', 1, 1_000_000, 3),
    MAIL_RECIPIENT_RATE_LIMIT: integer('MAIL_RECIPIENT_RATE_LIMIT', 1, 1_000_000, 3),
    PLACEMENT_RATE_LIMIT: integer('PLACEMENT_RATE_LIMIT', 1, 1_000_000, 20),
    PLACEMENT_ACCOUNT_RATE_LIMIT: integer('PLACEMENT_ACCOUNT_RATE_LIMIT', 1, 1_000_000, 5),
    CODE_GUESS_RATE_LIMIT: integer('CODE_GUESS_RATE_LIMIT', 1, 1_000_000, 30),
    CODE_GUESS_ACCOUNT_RATE_LIMIT: integer('CODE_GUESS_ACCOUNT_RATE_LIMIT', 1, 1_000_000, 10),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
    if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_PUBLISHABLE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
      });
    }
    if ((env.JITSI_APP_ID === undefined) !== (env.JITSI_APP_SECRET === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'JITSI_APP_ID and JITSI_APP_SECRET must be set together' });
    }
    if ((env.BBB_URL === undefined) !== (env.BBB_SECRET === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'BBB_URL and BBB_SECRET must be set together' });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (
      env.S3_BUCKET === undefined &&
      (env.S3_ENDPOINT ?? env.S3_ACCESS_KEY_ID ?? env.S3_PREFIX) !== undefined
    ) {
      ctx.addIssue({ code: 'custom', message: 'S3_BUCKET must be set to store files in S3' });
    }
    if (env.CLASSROOM_PROVIDER === 'bbb' && env.BBB_URL === undefined) {
      ctx.addIssue({ code: 'custom', message: 'CLASSROOM_PROVIDER=bbb needs BBB_URL and BBB_SECRET' });
    }
  });

const DEFAULT_MAIL_FROM = 'Tokenly English <no-reply@tokenly.test>';

/** The bare address of `Name <address>` or of an address alone. */
function addressOf(mailbox: string): string {
  return (/<([^<>]+)>/.exec(mailbox)?.[1] ?? mailbox).toLowerCase();
}

/**
 * Reads and validates the environment. Throws a ConfigError whose message names every bad variable,
 * e.g. `Invalid environment: PORT must be an integer between 1 and 65535`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty value (`PORT=` in an env file) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid environment: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  const e = parsed.data;
  const mailFrom = e.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  const dataDir = resolve(REPO_ROOT, e.DATA_DIR ?? './data');
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databasePool: {
      max: e.DATABASE_POOL_MAX,
      connectionTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_MS,
    },
    dataDir,
    // DESIGN.md section 3: demo data by default only for the embedded database.
    demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined,
    admin:
      e.ADMIN_EMAIL !== undefined && e.ADMIN_PASSWORD !== undefined
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_PUBLISHABLE_KEY !== undefined
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    demoPeriodMinutes: e.DEMO_PERIOD_MINUTES === 0 ? undefined : e.DEMO_PERIOD_MINUTES,
    runJobs: e.RUN_JOBS ?? true,
    timezone: e.APP_TIMEZONE ?? 'UTC',
    smtpUrl: e.SMTP_URL,
    mailFrom,
    schoolEmail: e.SCHOOL_EMAIL ?? addressOf(mailFrom),
    // No trailing slash, so links join as `${appUrl}/reset-password`.
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    cancelWindowHours: e.CANCEL_WINDOW_HOURS,
    // By default a promoted learner can still cancel for free.
    waitlistCutoffHours: e.WAITLIST_CUTOFF_HOURS ?? e.CANCEL_WINDOW_HOURS,
    meetingLinkLeadMinutes: e.MEETING_LINK_LEAD_MINUTES,
    classroom: {
      provider: e.CLASSROOM_PROVIDER,
      jitsi: {
        url: (e.JITSI_URL ?? 'https://meet.jit.si').replace(/\/+$/, ''),
        appId: e.JITSI_APP_ID,
        appSecret: e.JITSI_APP_SECRET,
      },
      bbb:
        e.BBB_URL !== undefined && e.BBB_SECRET !== undefined
          ? { url: e.BBB_URL.replace(/\/+$/, ''), secret: e.BBB_SECRET }
          : undefined,
    },
    fileStorage:
      e.S3_BUCKET === undefined
        ? { kind: 'disk', dir: join(dataDir, 'files') }
        : {
            kind: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY !== undefined
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            prefix: e.S3_PREFIX ?? '',
          },
    reminders: { classHours: e.REMINDER_HOURS, creditExpiryDays: e.CREDIT_EXPIRY_NOTICE_DAYS },
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    placementRetentionDays: e.PLACEMENT_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
    rateLimits: {
      signIn: {
        clientAndAccount: { max: e.LOGIN_RATE_LIMIT, windowMs: 15 * MINUTE_MS },
        client: { max: e.LOGIN_CLIENT_RATE_LIMIT, windowMs: HOUR_MS },
        account: { max: e.LOGIN_ACCOUNT_RATE_LIMIT, windowMs: HOUR_MS },
      },
      register: { max: e.REGISTER_RATE_LIMIT, windowMs: DAY_MS },
      forgotPassword: { max: e.FORGOT_PASSWORD_RATE_LIMIT, windowMs: DAY_MS },
      resetPassword: { max: e.RESET_PASSWORD_RATE_LIMIT, windowMs: HOUR_MS },
      contact: { max: e.CONTACT_RATE_LIMIT, windowMs: DAY_MS },
      resendVerification: { max: e.VERIFICATION_RATE_LIMIT, windowMs: HOUR_MS },
      mailPerRecipient: { max: e.MAIL_RECIPIENT_RATE_LIMIT, windowMs: HOUR_MS },
      placement: {
        client: { max: e.PLACEMENT_RATE_LIMIT, windowMs: DAY_MS },
        account: { max: e.PLACEMENT_ACCOUNT_RATE_LIMIT, windowMs: DAY_MS },
      },
      codeGuess: {
        client: { max: e.CODE_GUESS_RATE_LIMIT, windowMs: HOUR_MS },
        account: { max: e.CODE_GUESS_ACCOUNT_RATE_LIMIT, windowMs: HOUR_MS },
      },
    },
  };
}
