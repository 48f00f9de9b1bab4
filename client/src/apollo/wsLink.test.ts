import { describe, expect, it, vi } from 'vitest';
import { gql } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import type { Client } from 'graphql-ws';
import { createAuthRetryLink, SocketClosedError } from './authRetryLink.ts';
import { WsLink } from './wsLink.ts';

const SUBSCRIPTION = gql`
  subscription BalanceTestSubscription {
    tokenBalanceChanged {
      balance
    }
  }
`;

// A graphql-ws client whose first socket is closed with `code`; later subscriptions get one value.
function fakeClient(code: number) {
  let attempts = 0;
  const subscribe = vi.fn(
    (
      _payload: unknown,
      sink: { next: (v: unknown) => void; error: (e: unknown) => void; complete: () => void },
    ) => {
      attempts += 1;
      if (attempts === 1) setTimeout(() => sink.error({ code, reason: 'Unauthorized' }), 1);
      else setTimeout(() => sink.next({ data: { tokenBalanceChanged: { balance: 4 } } }), 1);
      return () => undefined;
    },
  );
  return { client: { subscribe } as unknown as Client, subscribe };
}

describe('WsLink', () => {
  it('keeps the close code of a closed socket', async () => {
    const { client } = fakeClient(4401);
    const error = await new Promise((resolve) => {
      ApolloLink.execute(new WsLink(client), { query: SUBSCRIPTION }, { client: {} as never }).subscribe({
        error: resolve,
      });
    });
    expect(error).toBeInstanceOf(SocketClosedError);
    expect((error as SocketClosedError).code).toBe(4401);
  });

  it.each([4401, 4403])('refreshes the token and subscribes again after close code %i', async (code) => {
    const { client, subscribe } = fakeClient(code);
    const refresh = vi.fn(async () => undefined);
    const link = createAuthRetryLink({ refresh, onRefreshFailure: vi.fn() }).concat(new WsLink(client));
    const value = await new Promise((resolve, reject) => {
      ApolloLink.execute(link, { query: SUBSCRIPTION }, { client: {} as never }).subscribe({
        next: resolve,
        error: reject,
      });
    });
    expect(value).toEqual({ data: { tokenBalanceChanged: { balance: 4 } } });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(2);
  });
});
