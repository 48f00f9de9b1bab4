import { ApolloLink } from '@apollo/client/link';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { print } from '@apollo/client/utilities';
import type { Client } from 'graphql-ws';
import { Observable } from 'rxjs';
import { SocketClosedError } from '#client/apollo/authRetryLink.ts';

function isLikeCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;
}

// Like Apollo's GraphQLWsLink, but a closed socket keeps its close code so the auth retry link can
// tell 4401/4403 (token not accepted) from other failures.
export class WsLink extends ApolloLink {
  constructor(private readonly client: Client) {
    super();
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    return new Observable((observer) => {
      const { query, variables, operationName, extensions } = operation;
      return this.client.subscribe<Record<string, unknown>>(
        { query: print(query), variables, operationName, extensions },
        {
          next: (value) => observer.next(value as ApolloLink.Result),
          complete: () => observer.complete(),
          error: (err: unknown) => {
            if (err instanceof Error) return observer.error(err);
            if (isLikeCloseEvent(err)) return observer.error(new SocketClosedError(err.code, err.reason));
            if (Array.isArray(err)) return observer.error(new CombinedGraphQLErrors({ errors: err }));
            return observer.error(new Error('Socket closed'));
          },
        },
      );
    });
  }
}
