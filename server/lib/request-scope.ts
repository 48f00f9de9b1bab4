import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from './i18n.ts';

// What every log line and error message of one request needs, without threading it through calls.
// `operationName`: the GraphQL operation being served (HTTP or WebSocket), once known.
// `authTime`: when the request's signed-in user signed in (the token's auth_time, epoch seconds).
// `graphqlMedia`: the media type a GraphQL-over-HTTP answer is written in (from the Accept header).
export type RequestScope = {
  requestId: string;
  locale: Locale;
  operationName?: string;
  authTime?: number;
  graphqlMedia?: string;
  // A WebSocket subscription's: takes what to let go of when the operation ends (its pub/sub
  // subscriptions, released at once rather than at their channel's next message; ADR 067).
  onEnd?: (release: () => Promise<unknown>) => void;
};

// Operation names as they appear in logs and metrics: GraphQL names, nothing else.
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
export const validOperationName = (name: unknown): string | undefined =>
  typeof name === 'string' && OPERATION_NAME.test(name) ? name : undefined;

const storage = new AsyncLocalStorage<RequestScope>();

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

export function currentLocale(): Locale {
  return storage.getStore()?.locale ?? 'tr';
}

// Body parsers resume the middleware chain from stream callbacks, outside the request's async
// context; this puts the scope back for everything that follows.
export function restoreScope(scope: RequestScope | undefined, next: () => void): void {
  if (scope) storage.run(scope, next);
  else next();
}
