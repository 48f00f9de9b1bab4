import { t, type MessageKey, type MessageParams } from '#server/lib/i18n.ts';
import { currentLocale } from '#server/lib/request-scope.ts';

// The closed set of error codes clients may branch on (ARCHITECTURE §3).
export const ErrorCode = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INSUFFICIENT_TOKENS: 'INSUFFICIENT_TOKENS',
  // The database is away (restart, failover, crash): try again shortly. ADR 030.
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INSUFFICIENT_TOKENS: 402,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export type FieldIssue = { field: string; key: MessageKey; params?: MessageParams };

// An expected failure. Its message is rendered in the request's language when it leaves the server.
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: MessageKey;
  readonly params: MessageParams | undefined;
  readonly fields: FieldIssue[];
  // Machine-readable details beside the message (e.g. a suspension's end), sent in `extensions`.
  readonly extra: Record<string, string | number | boolean | null>;

  constructor(
    code: ErrorCode,
    key: MessageKey,
    options: {
      params?: MessageParams;
      fields?: FieldIssue[];
      cause?: unknown;
      extra?: Record<string, string | number | boolean | null>;
      // The specific reason when several message keys share one (e.g. a suspension for good or not).
      reason?: string;
    } = {},
  ) {
    super(t('tr', key, options.params), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.key = key;
    this.params = options.params;
    this.fields = options.fields ?? [];
    this.extra = options.extra ?? {};
    this.reasonOverride = options.reason;
  }

  private readonly reasonOverride: string | undefined;

  // The specific reason beside the closed code, stable for clients to branch on: the message key in
  // SCREAMING_SNAKE_CASE without its generic namespace ('join.full' → JOIN_FULL,
  // 'error.eventNotFound' → EVENT_NOT_FOUND, 'validation.dateInPast' → DATE_IN_PAST). ADR 003.
  get reason(): string {
    return this.reasonOverride ?? reasonOf(this.key);
  }

  localizedMessage(locale = currentLocale()): string {
    return t(locale, this.key, this.params);
  }

  localizedFields(locale = currentLocale()): { field: string; message: string }[] {
    return this.fields.map((f) => ({ field: f.field, message: t(locale, f.key, f.params) }));
  }
}

export function reasonOf(key: string): string {
  return key
    .replace(/^(error|validation)\./, '')
    .replace(/\./g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase();
}

export const unauthenticated = () => new AppError(ErrorCode.UNAUTHENTICATED, 'error.unauthenticated');
export const notFound = (key: MessageKey = 'error.notFound') => new AppError(ErrorCode.NOT_FOUND, key);
export const forbidden = () => new AppError(ErrorCode.FORBIDDEN, 'error.forbidden');
// How long a client is asked to wait (Retry-After) while the database is away.
export const RETRY_AFTER_SECONDS = 5;

export const serviceUnavailable = (cause?: unknown) =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'error.serviceUnavailable', { cause });

export function badInput(issues: FieldIssue[]): AppError {
  const first = issues[0];
  // The first field's own message leads, so a client that shows one line shows the useful one.
  return new AppError(ErrorCode.BAD_USER_INPUT, first ? first.key : 'error.badInput', {
    params: first?.params,
    fields: issues,
  });
}
