import { describe, expect, it, vi } from 'vitest';
import { ApolloLink } from '@apollo/client/link';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { gql } from '#client/apollo/gql.ts';
import { Observable, firstValueFrom } from 'rxjs';
import { createCognitoClient } from '#client/features/auth/cognitoClient.ts';
import {
  createSessionStore,
  SessionExpiredError,
  type StoredSession,
} from '#client/features/auth/sessionStore.ts';
import { createAuthRetryLink, isAuthError, SocketClosedError } from './authRetryLink.ts';

const QUERY = gql`
  query MeTestQuery {
    me {
      id
    }
  }
`;

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const START: StoredSession = {
  accessToken: 'old',
  idToken: 'id',
  refreshToken: 'refresh',
  expiresAt: Date.now() + 3_600_000,
  method: 'password',
};

// A session store whose Cognito answers REFRESH_TOKEN_AUTH from a fake fetch.
function sessionWith(fetchImpl: typeof fetch) {
  const storage = memoryStorage({ 'squad.session': JSON.stringify(START) });
  const cognito = createCognitoClient({ endpoint: 'http://test/cognito/', clientId: 'c', fetch: fetchImpl });
  return createSessionStore({ cognito, storage });
}

function refreshOk() {
  return vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 5));
    return new Response(
      JSON.stringify({
        AuthenticationResult: { AccessToken: 'new', IdToken: 'id2', ExpiresIn: 3600, TokenType: 'Bearer' },
      }),
      { status: 200 },
    );
  });
}

function unauthorized401() {
  const body = JSON.stringify({
    errors: [{ message: 'Oturum geçersiz', extensions: { code: 'UNAUTHENTICATED' } }],
  });
  return new ServerError('Response not successful: Received status code 401', {
    response: new Response(body, { status: 401 }),
    bodyText: body,
  });
}

// A terminating link that answers by the token it sees: the old token gets `failure`, the new one data.
function fakeServer(getToken: () => string | undefined, failure: 'http401' | 'graphql') {
  const seen: string[] = [];
  const link = new ApolloLink(
    () =>
      new Observable<ApolloLink.Result>((observer) => {
        const token = getToken() ?? 'none';
        seen.push(token);
        setTimeout(() => {
          if (token === 'new') {
            observer.next({ data: { me: { id: '1', __typename: 'User' } } });
            observer.complete();
          } else if (failure === 'http401') {
            observer.error(unauthorized401());
          } else {
            observer.next({
              data: null,
              errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }],
            });
            observer.complete();
          }
        }, 1);
      }),
  );
  return { link, seen };
}

function run(link: ApolloLink) {
  return firstValueFrom(ApolloLink.execute(link, { query: QUERY }, { client: {} as never }));
}

describe('isAuthError', () => {
  it('recognizes 401, UNAUTHENTICATED and socket closes 4401/4403 only', () => {
    expect(isAuthError(unauthorized401())).toBe(true);
    expect(
      isAuthError(
        new CombinedGraphQLErrors({ errors: [{ message: 'm', extensions: { code: 'UNAUTHENTICATED' } }] }),
      ),
    ).toBe(true);
    expect(
      isAuthError(
        new CombinedGraphQLErrors({
          errors: [{ message: 'Unauthenticated', extensions: { code: 'FORBIDDEN' } }],
        }),
      ),
    ).toBe(false);
    expect(isAuthError(new SocketClosedError(4401, 'Unauthorized'))).toBe(true);
    expect(isAuthError(new SocketClosedError(4403, 'Forbidden'))).toBe(true);
    expect(isAuthError(new SocketClosedError(1006, ''))).toBe(false);
    expect(isAuthError(new Error('UNAUTHENTICATED'))).toBe(false);
  });
});

describe('createAuthRetryLink', () => {
  it.each(['http401', 'graphql'] as const)('refreshes once and retries after %s', async (failure) => {
    const fetch = refreshOk();
    const session = sessionWith(fetch);
    const onRefreshFailure = vi.fn();
    const server = fakeServer(() => session.get()?.accessToken, failure);
    const link = createAuthRetryLink({ refresh: session.refresh, onRefreshFailure }).concat(server.link);

    const result = await run(link);
    expect(result.data).toEqual({ me: { id: '1', __typename: 'User' } });
    expect(server.seen).toEqual(['old', 'new']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onRefreshFailure).not.toHaveBeenCalled();
    expect(session.get()?.refreshToken).toBe('refresh');
  });

  it('de-duplicates the refresh across concurrent requests', async () => {
    const fetch = refreshOk();
    const session = sessionWith(fetch);
    const server = fakeServer(() => session.get()?.accessToken, 'http401');
    const link = createAuthRetryLink({ refresh: session.refresh, onRefreshFailure: vi.fn() }).concat(
      server.link,
    );

    const results = await Promise.all([run(link), run(link), run(link)]);
    expect(results.every((r) => (r.data as { me: { id: string } }).me.id === '1')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(server.seen.filter((t) => t === 'new')).toHaveLength(3);
  });

  it('retries only once: a second failure reaches the caller', async () => {
    const fetch = refreshOk();
    const session = sessionWith(fetch);
    // The server keeps refusing even the new token.
    const server = fakeServer(() => 'revoked', 'http401');
    const link = createAuthRetryLink({ refresh: session.refresh, onRefreshFailure: vi.fn() }).concat(
      server.link,
    );

    await expect(run(link)).rejects.toSatisfy((e) => ServerError.is(e) && e.statusCode === 401);
    expect(server.seen).toEqual(['revoked', 'revoked']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a failed refresh (session over) and passes the original error on', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' }),
          { status: 400 },
        ),
    );
    const session = sessionWith(fetch);
    const onRefreshFailure = vi.fn();
    const server = fakeServer(() => session.get()?.accessToken, 'http401');
    const link = createAuthRetryLink({ refresh: session.refresh, onRefreshFailure }).concat(server.link);

    await expect(run(link)).rejects.toSatisfy((e) => ServerError.is(e));
    expect(onRefreshFailure).toHaveBeenCalledTimes(1);
    expect(onRefreshFailure.mock.calls[0][0]).toBeInstanceOf(SessionExpiredError);
    expect(session.get()).toBeNull();
    expect(server.seen).toEqual(['old']);
  });

  it('passes other errors through without refreshing', async () => {
    const refresh = vi.fn(async () => undefined);
    const failing = new ApolloLink(
      () =>
        new Observable<ApolloLink.Result>((o) => {
          o.error(
            new CombinedGraphQLErrors({ errors: [{ message: 'Yok', extensions: { code: 'NOT_FOUND' } }] }),
          );
        }),
    );
    const link = createAuthRetryLink({ refresh, onRefreshFailure: vi.fn() }).concat(failing);
    await expect(run(link)).rejects.toSatisfy((e) => CombinedGraphQLErrors.is(e));
    expect(refresh).not.toHaveBeenCalled();
  });
});
