import { describe, expect, it, vi } from 'vitest';
import { createCognitoClient } from './cognitoClient.ts';
import { createSessionStore, SESSION_KEY, SessionExpiredError, type StoredSession } from './sessionStore.ts';

function setup(
  responses: Array<[number, unknown]>,
  session: Partial<StoredSession> = {},
  onExpired?: () => void,
) {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  const start: StoredSession = {
    accessToken: 'a1',
    idToken: 'i1',
    refreshToken: 'r1',
    expiresAt: 10_000_000,
    method: 'password',
    ...session,
  };
  storage.setItem(SESSION_KEY, JSON.stringify(start));
  const fetch = vi.fn(async () => {
    const [status, body] = responses.shift() ?? [500, {}];
    return new Response(JSON.stringify(body), { status });
  });
  const store = createSessionStore({
    cognito: createCognitoClient({ endpoint: 'http://x/', clientId: 'c', fetch }),
    storage,
    now: () => 1_000_000,
    onExpired,
  });
  return { store, fetch };
}

const fresh = (token: string) =>
  [
    200,
    { AuthenticationResult: { AccessToken: token, IdToken: 'i', ExpiresIn: 3600, TokenType: 'Bearer' } },
  ] as [number, unknown];

describe('sessionStore', () => {
  it('hands out the stored token while it is valid and refreshes when it is about to expire', async () => {
    const valid = setup([]);
    expect(await valid.store.getAccessToken()).toBe('a1');
    expect(valid.fetch).not.toHaveBeenCalled();

    const expiring = setup([fresh('a2')], { expiresAt: 1_000_000 + 30_000 });
    expect(await expiring.store.getAccessToken()).toBe('a2');
    expect(expiring.store.get()?.refreshToken).toBe('r1');
  });

  it('does not refresh again for a request that carried an already replaced token', async () => {
    const { store, fetch } = setup([fresh('a2')]);
    await store.refreshAfterRejection('a1');
    expect(fetch).toHaveBeenCalledTimes(1);
    // A late 401 of a request sent with a1: a2 is already there.
    expect((await store.refreshAfterRejection('a1')).accessToken).toBe('a2');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('ends the session when Cognito refuses the refresh token, keeps it on network trouble', async () => {
    const refused = setup([
      [400, { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' }],
    ]);
    await expect(refused.store.refresh()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(refused.store.get()).toBeNull();

    const down = setup([[503, { message: 'unavailable' }]]);
    await expect(down.store.refresh()).rejects.not.toBeInstanceOf(SessionExpiredError);
    expect(down.store.get()?.refreshToken).toBe('r1');
  });

  it('says the session expired only when the identity service refused it, before removing it', async () => {
    const seen: Array<string | null> = [];
    const refused = setup(
      [[400, { __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }]],
      {},
      () => seen.push(refused.store.get()?.refreshToken ?? null),
    );
    await expect(refused.store.refresh()).rejects.toBeInstanceOf(SessionExpiredError);
    // Called while the session was still there, so a listener of the removal already knows why.
    expect(seen).toEqual(['r1']);

    const calls: string[] = [];
    const down = setup([[503, { message: 'unavailable' }]], {}, () => calls.push('down'));
    await expect(down.store.refresh()).rejects.toThrow();
    // Signing out is not an expiry.
    down.store.set(null);
    expect(calls).toEqual([]);
  });
});
