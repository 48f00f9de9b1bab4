import {
  CognitoError,
  type AuthenticationResult,
  type CognitoClient,
} from '#client/features/auth/cognitoClient.ts';
import { writeSignedInHint } from '#client/features/auth/signedInHint.ts';

// Where the tokens live: docs/decisions/001-session-tokens.md (one localStorage entry, refreshed on demand).

export type SignInMethod = 'password' | 'google';

export type StoredSession = {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  // Epoch ms when the access token expires.
  expiresAt: number;
  method: SignInMethod;
};

export const SESSION_KEY = 'squad.session';
// Refresh a little before expiry so a request never leaves with a token that dies in flight.
const EXPIRY_MARGIN_MS = 60_000;

export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}

const TRANSIENT = new Set([
  'NetworkError',
  'TooManyRequestsException',
  'LimitExceededException',
  'InternalErrorException',
]);

// Cognito answers a refused token with HTTP 400 (NotAuthorizedException …). Network failures, throttling
// and 5xx/404 answers (service down, endpoint missing) are transient: the session is kept.
export function isSessionRejection(error: unknown): error is CognitoError {
  return error instanceof CognitoError && error.status === 400 && !TRANSIENT.has(error.code);
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionStoreOptions = {
  cognito: CognitoClient;
  storage?: StorageLike;
  now?: () => number;
  // The session ended without the user signing out (its refresh token refused); called before the
  // session is removed, so whoever reacts to the removal already knows why.
  onExpired?: () => void;
};

export function sessionFromResult(
  result: AuthenticationResult,
  method: SignInMethod,
  now: number,
  previousRefreshToken?: string,
): StoredSession {
  const refreshToken = result.RefreshToken ?? previousRefreshToken;
  if (!refreshToken) throw new CognitoError('NotAuthorizedException', 'No refresh token', 400);
  return {
    accessToken: result.AccessToken,
    idToken: result.IdToken,
    refreshToken,
    expiresAt: now + result.ExpiresIn * 1000,
    method,
  };
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof value.accessToken !== 'string' || typeof value.refreshToken !== 'string') return null;
    return {
      accessToken: value.accessToken,
      idToken: typeof value.idToken === 'string' ? value.idToken : '',
      refreshToken: value.refreshToken,
      expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : 0,
      method: value.method === 'google' ? 'google' : 'password',
    };
  } catch {
    return null;
  }
}

export function createSessionStore({
  cognito,
  storage = localStorage,
  now = Date.now,
  onExpired,
}: SessionStoreOptions) {
  const listeners = new Set<() => void>();
  let refreshing: Promise<StoredSession> | null = null;

  const notify = () => listeners.forEach((listener) => listener());

  function get(): StoredSession | null {
    try {
      return parse(storage.getItem(SESSION_KEY));
    } catch {
      return null;
    }
  }

  function set(session: StoredSession | null): void {
    try {
      if (session) storage.setItem(SESSION_KEY, JSON.stringify(session));
      else storage.removeItem(SESSION_KEY);
    } catch {
      // Storage full or blocked: the session lasts for this page only (kept by the caller's flow).
    }
    writeSignedInHint(session !== null);
    notify();
  }

  // The identity service refused the session: it is over, though the user did not sign out.
  function expire(): void {
    if (get()) onExpired?.();
    set(null);
  }

  // One refresh at a time: concurrent callers share the same promise.
  function refresh(): Promise<StoredSession> {
    refreshing ??= (async () => {
      const current = get();
      if (!current) throw new SessionExpiredError('No session');
      try {
        const result = await cognito.refresh(current.refreshToken);
        const next = sessionFromResult(result, current.method, now(), current.refreshToken);
        set(next);
        return next;
      } catch (err) {
        // The refresh token was rejected: the session is over. A network failure keeps it for later.
        if (isSessionRejection(err)) {
          expire();
          throw new SessionExpiredError(err instanceof Error ? err.message : String(err));
        }
        throw err;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  // After the server refused `usedAccessToken`: refresh, unless a concurrent refresh already replaced it.
  function refreshAfterRejection(usedAccessToken?: string | null): Promise<StoredSession> {
    const current = get();
    if (
      current &&
      usedAccessToken &&
      current.accessToken !== usedAccessToken &&
      current.expiresAt - EXPIRY_MARGIN_MS > now()
    ) {
      return Promise.resolve(current);
    }
    return refresh();
  }

  async function getAccessToken(): Promise<string | null> {
    const current = get();
    if (!current) return null;
    if (current.expiresAt - EXPIRY_MARGIN_MS > now()) return current.accessToken;
    return (await refresh()).accessToken;
  }

  // The raw stored value: a stable primitive for useSyncExternalStore.
  function snapshot(): string | null {
    try {
      return storage.getItem(SESSION_KEY);
    } catch {
      return null;
    }
  }

  return {
    get,
    set,
    expire,
    snapshot,
    refresh,
    refreshAfterRejection,
    getAccessToken,
    hasSession: () => get() !== null,
    async signIn(username: string, password: string): Promise<StoredSession> {
      const session = sessionFromResult(await cognito.signIn(username, password), 'password', now());
      set(session);
      return session;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Another tab signed in or out.
    handleStorageEvent(event: StorageEvent): void {
      if (event.key === SESSION_KEY || event.key === null) notify();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
