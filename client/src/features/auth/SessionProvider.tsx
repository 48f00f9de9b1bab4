import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getConfig } from '#client/lib/config.ts';
import { CognitoError } from '#client/features/auth/cognitoClient.ts';
import { getAuth } from '#client/features/auth/auth.ts';
import { buildSessionUser, type SessionUser } from '#client/features/auth/sessionUser.ts';
import { isSessionRejection, SessionExpiredError } from '#client/features/auth/sessionStore.ts';

export type SessionState =
  | { status: 'loading'; user: null; isLocal: boolean }
  | { status: 'authenticated'; user: SessionUser; isLocal: boolean }
  | { status: 'anonymous'; user: null; isLocal: boolean };

const SessionContext = createContext<SessionState | null>(null);

// The spec's session: the current user is read (GetUser) whenever the stored session changes; until
// then the state is 'loading'. isLocal: the session comes from Squad's built-in identity provider.
export function SessionProvider({ children }: { children: ReactNode }) {
  const isLocal = getConfig().cognito.embedded;
  const { session, cognito } = getAuth();
  const stored = useSyncExternalStore(
    (onChange) => session.subscribe(onChange),
    () => session.snapshot(),
  );
  const [resolved, setResolved] = useState<{ refreshToken: string; user: SessionUser } | null>(null);

  useEffect(() => {
    const current = session.get();
    if (!current) return;
    let cancelled = false;
    void (async () => {
      try {
        const token = await session.getAccessToken();
        if (!token) throw new SessionExpiredError('No session');
        let details;
        try {
          details = await cognito.getUser(token);
        } catch (err) {
          if (!(err instanceof CognitoError) || err.code !== 'NotAuthorizedException') throw err;
          // Unless a concurrent refresh (the API client's) already replaced the refused token.
          details = await cognito.getUser((await session.refreshAfterRejection(token)).accessToken);
        }
        const idToken = session.get()?.idToken ?? current.idToken;
        if (!cancelled)
          setResolved({ refreshToken: current.refreshToken, user: buildSessionUser(idToken, details) });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof SessionExpiredError || isSessionRejection(err)) {
          // Refused by the identity service: the session ended without the user signing out.
          if (isSessionRejection(err)) session.expire();
          else session.set(null);
        } else {
          // Offline or the identity service is unavailable: keep the session, show what the id token says.
          setResolved({ refreshToken: current.refreshToken, user: buildSessionUser(current.idToken, null) });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [stored, session, cognito]);

  const current = stored ? session.get() : null;
  // A token refresh keeps the same refresh token: the user stays shown while it is read again.
  const state: SessionState = !current
    ? { status: 'anonymous', user: null, isLocal }
    : resolved && resolved.refreshToken === current.refreshToken
      ? { status: 'authenticated', user: resolved.user, isLocal }
      : { status: 'loading', user: null, isLocal };
  return <SessionContext value={state}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}
