import type { FoundMessage } from '@tokenly/contract/message-lookup';
import { MESSAGES, type TemplateKey, type TemplateValues } from '@tokenly/contract/messages';

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  // The card was declined or its authentication failed; the message is the provider's.
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

type AppErrorCode = keyof typeof STATUS_BY_CODE;
export type FieldErrors = Record<string, string[]>;

/** What services throw; the error handler turns it into a status and `{ message, errorMessage, errors? }`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly options: {
      /** For a 429: when trying again can succeed, sent as Retry-After. */
      retryAfterSeconds?: number;
      /** The MESSAGES entry and values the message was written from, when its text alone does not tell. */
      written?: FoundMessage;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }

  /**
   * A refusal worded by a MESSAGES entry with values. The answer then names the entry and its values
   * even when its English varies by more than them (a plural), so the web app can translate it.
   */
  static of<K extends TemplateKey>(code: AppErrorCode, key: K, values: TemplateValues<K>): AppError {
    const write = MESSAGES[key] as (values: TemplateValues<K>) => string;
    return new AppError(code, write(values), undefined, { written: { key, values } });
  }
}
