import { createQueryPreloader } from '@apollo/client/react';
import { createApolloClient } from '#client/apollo/client.ts';
import { socketConnected } from '#client/apollo/socketEvents.ts';
import { getConfig } from '#client/lib/config.ts';
import { getLocale } from '#client/lib/i18n/locale.ts';
import { clearBrowserState, getAuth } from '#client/features/auth/auth.ts';
import {
  isSessionEndedBySuspension,
  isSigningOut,
  sessionEndedBySuspension,
  sessionExpiredLoginPath,
} from '#client/features/auth/sessionEnd.ts';
import { SessionExpiredError } from '#client/features/auth/sessionStore.ts';
import { rememberSuspension } from '#client/features/moderation/suspensionNotice.ts';

// The app's Apollo client, wired to the session store. Loaded with the dashboard only.
let client: ReturnType<typeof createApolloClient> | null = null;

export function getApolloClient() {
  if (!client) {
    const { session } = getAuth();
    client = createApolloClient({
      graphqlPath: getConfig().graphqlPath,
      getAccessToken: () => session.getAccessToken(),
      refresh: (usedAccessToken) => session.refreshAfterRejection(usedAccessToken),
      onRefreshFailure: (error) => {
        // The session cannot be renewed: sign out and start over at /auth/login (→ /login), which
        // says why and keeps the page for after sign-in when the identity service refused it (ADR 060).
        // A network failure during the refresh keeps the session; the request just fails.
        // A request refused while the user signs out is no reason to go anywhere: the sign-out
        // decides where the page goes.
        if (error instanceof SessionExpiredError && !isSigningOut()) {
          session.set(null);
          // On the suspension screen the session's end is the suspension's, which the screen tells.
          if (isSessionEndedBySuspension()) return;
          clearBrowserState();
          window.location.assign(sessionExpiredLoginPath() ?? '/auth/login');
        }
      },
      onSocketConnected: socketConnected,
      // A moderator suspended the account: the suspension screen says why, until when, and offers
      // the appeal (ADR 039). Once there, its own queries may report the suspension again.
      onSuspended: (notice) => {
        rememberSuspension(notice);
        sessionEndedBySuspension();
        if (window.location.pathname !== '/suspended') window.location.assign('/suspended');
      },
      getLanguage: () => (getLocale() === 'tr' ? 'tr-TR,tr;q=0.9,en;q=0.5' : 'en-GB,en;q=0.9,tr;q=0.5'),
    });
  }
  return client;
}

let preloader: ReturnType<typeof createQueryPreloader> | null = null;

// Route loaders start their query with this; the route component reads it with useReadQuery.
export function getPreloader(): ReturnType<typeof createQueryPreloader> {
  preloader ??= createQueryPreloader(getApolloClient());
  return preloader;
}
