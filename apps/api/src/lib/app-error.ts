import type { DomainErrorCode, FieldError } from '@karta/shared/schemas/common';

/** Each code maps to one HTTP status (docs/ARCHITECTURE.md#api-conventions). */
const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

interface AppErrorOptions {
  /** The business rule that refused the request, for code to branch on and clients to read. */
  domainCode?: DomainErrorCode;
  field?: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** The one error type services throw; the error handler renders it as the envelope. */
export class AppError extends Error {
  /** The HTTP class of the failure. */
  readonly code: ErrorCode;
  readonly domainCode: DomainErrorCode | undefined;
  readonly statusCode: number;
  readonly errors: FieldError[];
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.domainCode = options.domainCode;
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors ?? [{ field: options.field ?? null, message }];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
