import { describe, expect, it, vi } from 'vitest';
import { gql } from '#client/apollo/gql.ts';
import { ApolloLink } from '@apollo/client/link';
import type { Client } from 'graphql-ws';
import { createAuthRetryLink, SocketClosedError } from './authRetryLink.ts';
import { isTransientClose, WsLink } from './wsLink.ts';

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

  it.each([1011, 4500, 1002])(
    'subscribes again after the server or network failed (close code %i)',
    async (code) => {
      const { client, subscribe } = fakeClient(code);
      const value = await new Promise((resolve, reject) => {
        ApolloLink.execute(
          new WsLink(client, { backoffMs: () => 1 }),
          { query: SUBSCRIPTION },
          { client: {} as never },
        ).subscribe({
          next: resolve,
          error: reject,
        });
      });
      expect(value).toEqual({ data: { tokenBalanceChanged: { balance: 4 } } });
      expect(subscribe).toHaveBeenCalledTimes(2);
    },
  );

  it('stops trying once the subscriber leaves', async () => {
    const { client, subscribe } = fakeClient(1011);
    const sub = ApolloLink.execute(
      new WsLink(client, { backoffMs: () => 20 }),
      { query: SUBSCRIPTION },
      { client: {} as never },
    ).subscribe({});
    await new Promise((r) => setTimeout(r, 5));
    sub.unsubscribe();
    await new Promise((r) => setTimeout(r, 40));
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('tells transient failures from refused tokens and bad requests', () => {
    expect([1006, 1011, 1012, 4499, 4500].every(isTransientClose)).toBe(true);
    expect([4400, 4401, 4403, 4409, 4429].some(isTransientClose)).toBe(false);
  });
});
