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
    /** For a 429: when trying again can succeed, sent as Retry-After. */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}
