import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
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

// isLocal: the session comes from Squad's built-in identity provider (embedded mode), not AWS Cognito.
export function SessionProvider({ children }: { children: ReactNode }) {
  const isLocal = getConfig().cognito.embedded;
  const { session, cognito } = getAuth();
  const [state, setState] = useState<SessionState>(() =>
    session.hasSession() ? { status: 'loading', user: null, isLocal } : { status: 'anonymous', user: null, isLocal },
  );
  const [revision, setRevision] = useState(0);

  useEffect(() => session.subscribe(() => setRevision((n) => n + 1)), [session]);

  useEffect(() => {
    let cancelled = false;
    const current = session.get();
    if (!current) {
      setState({ status: 'anonymous', user: null, isLocal });
      return;
    }
    (async () => {
      try {
        const token = await session.getAccessToken();
        if (!token) throw new SessionExpiredError('No session');
        let details = null;
        try {
          details = await cognito.getUser(token);
        } catch (err) {
          if (!(err instanceof CognitoError) || err.code !== 'NotAuthorizedException') throw err;
          details = await cognito.getUser((await session.refresh()).accessToken);
        }
        if (!cancelled) setState({ status: 'authenticated', user: buildSessionUser(session.get()?.idToken ?? '', details), isLocal });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof SessionExpiredError || isSessionRejection(err)) {
          session.set(null);
          setState({ status: 'anonymous', user: null, isLocal });
        } else {
          // Offline or the identity service is unavailable: keep the session, show what the id token says.
          setState({ status: 'authenticated', user: buildSessionUser(current.idToken, null), isLocal });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // Re-read when the stored session changes (sign-in, refresh in another tab, sign-out).
  }, [revision, session, cognito, isLocal]);

  const value = useMemo(() => state, [state]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}
