import crypto from 'node:crypto';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { t } from '#server/lib/i18n.ts';
import type { Logger } from '#server/lib/logger.ts';
import { currentLocale, currentScope } from '#server/lib/request-scope.ts';
import { AppError, ErrorCode, serviceUnavailable } from './app-error.ts';

// Codes of GraphQL's own request errors (syntax, validation, bad variables): the client's fault.
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);
const CLOSED = new Set<string>(Object.values(ErrorCode));

export function formatAppError(
  err: AppError,
  base: Partial<GraphQLFormattedError> = {},
): GraphQLFormattedError {
  const locale = currentLocale();
  const fields = err.localizedFields(locale);
  return {
    ...base,
    message: err.localizedMessage(locale),
    extensions: {
      ...err.extra,
      code: err.code,
      reason: err.reason,
      ...(fields.length > 0 && { field: fields[0].field, fields }),
    },
  };
}

// Every error leaves the server with a code from the closed set. Expected errors keep their
// (localized) message; anything else is logged with an id and masked.
// graphql-js appends 'Did you mean "x"?' to validation errors, which spells out field names.
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

export function createFormatError(
  logger: Logger,
  options: {
    // Says whether an unexpected error is the database being away (and notes it); see ADR 030.
    databaseUnavailable?: (err: unknown) => boolean;
    // Production: no suggestions of field, argument or enum names (ADR 031).
    hideSuggestions?: boolean;
  } = {},
) {
  const databaseUnavailable = options.databaseUnavailable ?? (() => false);
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const base = { locations: formatted.locations, path: formatted.path };
    if (original instanceof AppError) return formatAppError(original, base);

    const code = formatted.extensions?.code;
    if (typeof code === 'string' && (CLIENT_CODES.has(code) || code === 'UNAUTHENTICATED')) {
      return {
        ...base,
        message: options.hideSuggestions ? formatted.message.replace(SUGGESTION, '') : formatted.message,
        extensions: {
          code: code === 'UNAUTHENTICATED' ? code : ErrorCode.BAD_USER_INPUT,
          ...(code !== 'BAD_USER_INPUT' && code !== 'UNAUTHENTICATED' && { reason: code }),
        },
      };
    }
    if (
      typeof code === 'string' &&
      CLOSED.has(code) &&
      code !== ErrorCode.INTERNAL_SERVER_ERROR &&
      original instanceof GraphQLError
    ) {
      // Our own GraphQLErrors (raised before resolvers run): their details stay, transport hints go.
      const { http: _http, stacktrace: _stack, ...details } = formatted.extensions ?? {};
      return { ...base, message: formatted.message, extensions: { ...details, code } };
    }

    if (databaseUnavailable(original)) {
      logger.warn({ err: original, path: formatted.path }, 'database unavailable');
      return formatAppError(serviceUnavailable(), base);
    }

    const errorId = crypto.randomUUID();
    logger.error(
      { err: original, errorId, requestId: currentScope()?.requestId, path: formatted.path },
      'unexpected error',
    );
    return {
      ...base,
      message: t(currentLocale(), 'error.internal', { errorId }),
      extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR, errorId },
    };
  };
}
