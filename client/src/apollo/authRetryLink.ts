import { ApolloLink } from '@apollo/client/link';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { Observable, type Subscription } from 'rxjs';

// A closed WebSocket, with its close code kept (4401/4403 mean the token was not accepted).
export class SocketClosedError extends Error {
  override readonly name = 'SocketClosedError';
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`Socket closed with event ${code} ${reason}`.trim());
  }
}

type ErrorLike = { extensions?: Record<string, unknown> | null };

function hasUnauthenticatedCode(errors: ReadonlyArray<ErrorLike> | null | undefined): boolean {
  return Boolean(errors?.some((e) => e?.extensions?.code === 'UNAUTHENTICATED'));
}

function errorsFromBody(bodyText: string | undefined): ErrorLike[] | null {
  if (!bodyText) return null;
  try {
    const body = JSON.parse(bodyText) as { errors?: ErrorLike[] };
    return Array.isArray(body.errors) ? body.errors : null;
  } catch {
    return null;
  }
}

// HTTP 401, a GraphQL error with extensions.code UNAUTHENTICATED, or a socket closed with 4401/4403.
export function isAuthError(error: unknown): boolean {
  if (ServerError.is(error))
    return error.statusCode === 401 || hasUnauthenticatedCode(errorsFromBody(error.bodyText));
  if (CombinedGraphQLErrors.is(error)) return hasUnauthenticatedCode(error.errors);
  if (error instanceof SocketClosedError) return error.code === 4401 || error.code === 4403;
  return false;
}

export type AuthRetryOptions = {
  // Renews the access token after `operation` was refused; must de-duplicate concurrent calls.
  refresh: (operation: ApolloLink.Operation) => Promise<unknown>;
  // Called when the refresh itself failed; the original error still reaches the caller.
  onRefreshFailure: (error: unknown) => void;
  // A long-lived subscription may need a new token again later: allow another retry after this long.
  rearmAfterMs?: number;
  now?: () => number;
};

// On an authentication failure: refresh the token ONCE, then run the operation again. Headers are
// set further down the chain, so the retry carries the new token.
export function createAuthRetryLink({
  refresh,
  onRefreshFailure,
  rearmAfterMs = 60_000,
  now = Date.now,
}: AuthRetryOptions) {
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        let generation = 0;
        let inner: Subscription | null = null;
        let lastRetryAt = -Infinity;
        let closed = false;

        const canRetry = () => now() - lastRetryAt > rearmAfterMs;

        const retry = (error: unknown) => {
          lastRetryAt = now();
          generation += 1;
          inner?.unsubscribe();
          inner = null;
          refresh(operation).then(
            () => {
              if (!closed) attempt();
            },
            (refreshError: unknown) => {
              onRefreshFailure(refreshError);
              if (!closed) observer.error(error);
            },
          );
        };

        const attempt = () => {
          const mine = ++generation;
          const subscription = forward(operation).subscribe({
            next: (result) => {
              if (mine !== generation) return;
              if (hasUnauthenticatedCode(result.errors) && canRetry()) {
                retry(new CombinedGraphQLErrors(result));
                return;
              }
              observer.next(result);
            },
            error: (error: unknown) => {
              if (mine !== generation) return;
              if (isAuthError(error) && canRetry()) retry(error);
              else observer.error(error);
            },
            complete: () => {
              if (mine === generation) observer.complete();
            },
          });
          if (mine === generation) inner = subscription;
          else subscription.unsubscribe();
        };

        attempt();
        return () => {
          closed = true;
          generation += 1;
          inner?.unsubscribe();
        };
      }),
  );
}
