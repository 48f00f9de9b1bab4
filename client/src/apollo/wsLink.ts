import { ApolloLink } from '@apollo/client/link';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { print } from '@apollo/client/utilities';
import type { Client } from 'graphql-ws';
import { Observable } from 'rxjs';
import { SocketClosedError } from '#client/apollo/authRetryLink.ts';

function isLikeCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;
}

// graphql-ws gives up for good on some close codes (1011 and other 1xxx errors, 4500 from the server,
// 4499 after a frozen socket). They say the server or the network failed, not that the operation is
// wrong: a live badge must come back on its own once the server does, so we subscribe again.
export function isTransientClose(code: number): boolean {
  if (code === 4401 || code === 4403) return false; // the auth retry link refreshes the token
  return (code >= 1000 && code <= 1999) || code === 4499 || code === 4500;
}

export type WsLinkOptions = {
  // Wait before the n-th (0-based) new attempt in a row.
  backoffMs?: (attempt: number) => number;
};

const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);

// Like Apollo's GraphQLWsLink, but a closed socket keeps its close code so the auth retry link can
// tell 4401/4403 (token not accepted) from other failures, and failures of the server or the network
// lead to a new subscription with backoff instead of a dead one.
export class WsLink extends ApolloLink {
  private readonly backoffMs: (attempt: number) => number;

  constructor(
    private readonly client: Client,
    options: WsLinkOptions = {},
  ) {
    super();
    this.backoffMs = options.backoffMs ?? defaultBackoff;
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    return new Observable((observer) => {
      const { query, variables, operationName, extensions } = operation;
      let failures = 0;
      let dispose: () => void = () => undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let closed = false;

      const attempt = () => {
        dispose = this.client.subscribe<Record<string, unknown>>(
          { query: print(query), variables, operationName, extensions },
          {
            next: (value) => {
              failures = 0;
              observer.next(value as ApolloLink.Result);
            },
            complete: () => observer.complete(),
            error: (err: unknown) => {
              if (err instanceof Error) return observer.error(err);
              if (isLikeCloseEvent(err)) {
                if (isTransientClose(err.code) && !closed) {
                  timer = setTimeout(attempt, this.backoffMs(failures));
                  failures += 1;
                  return;
                }
                return observer.error(new SocketClosedError(err.code, err.reason));
              }
              if (Array.isArray(err)) return observer.error(new CombinedGraphQLErrors({ errors: err }));
              return observer.error(new Error('Socket closed'));
            },
          },
        );
      };
      attempt();
      return () => {
        closed = true;
        clearTimeout(timer);
        dispose();
      };
    });
  }
}
