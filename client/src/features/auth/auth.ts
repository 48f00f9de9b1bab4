import { getConfig } from '#client/lib/config.ts';
import {
  CognitoError,
  createCognitoClient,
  type CognitoClient,
} from '#client/features/auth/cognitoClient.ts';
import { createSessionStore, type SessionStore } from '#client/features/auth/sessionStore.ts';
import { markSigningOut, noteSessionExpired } from '#client/features/auth/sessionEnd.ts';
import { writeSignedInHint } from '#client/features/auth/signedInHint.ts';
import { getLocale, keepLocale } from '#client/lib/i18n/locale.ts';

// The app's one identity client and session store, built from the runtime config on first use.
let instance: { cognito: CognitoClient; session: SessionStore } | null = null;

export function getAuth(): { cognito: CognitoClient; session: SessionStore } {
  if (!instance) {
    const { cognito: c } = getConfig();
    const cognito = createCognitoClient({ endpoint: c.endpoint, clientId: c.clientId });
    const session = createSessionStore({
      cognito,
      onExpired: () => noteSessionExpired(`${window.location.pathname}${window.location.search}`),
    });
    window.addEventListener('storage', (event) => session.handleStorageEvent(event));
    // Also for a session kept from before the hint existed, or whose cookie was cleared on its own.
    writeSignedInHint(session.hasSession());
    instance = { cognito, session };
  }
  return instance;
}

function clearAllCookies(): void {
  const paths = ['/', window.location.pathname];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of paths) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}; domain=${window.location.hostname}`;
    }
  }
}

// Clears everything the browser keeps for this origin: local and session storage and cookies; the
// device's language stays (it is not the account's secret, and the sign-in page should keep it).
export function clearBrowserState(): void {
  const locale = getLocale();
  try {
    localStorage.clear();
  } catch {
    // Blocked storage: nothing to clear.
  }
  try {
    sessionStorage.clear();
  } catch {
    // Blocked storage: nothing to clear.
  }
  clearAllCookies();
  keepLocale(locale);
}

// Logout: end the session everywhere (GlobalSignOut), revoke the refresh token, wipe the browser's state.
export async function signOutEverywhere(): Promise<void> {
  markSigningOut();
  const { cognito, session } = getAuth();
  const current = session.get();
  if (current) {
    await Promise.allSettled([
      cognito.globalSignOut(current.accessToken),
      cognito.revokeToken(current.refreshToken),
    ]);
  }
  clearBrowserState();
  session.set(null);
}

// The signed-in user changes their password with the identity provider (Cognito's ChangePassword).
export async function changePassword(previous: string, proposed: string): Promise<void> {
  const { cognito, session } = getAuth();
  const token = await session.getAccessToken();
  if (!token) throw new CognitoError('NotAuthorizedException', 'No session', 401);
  await cognito.changePassword(token, previous, proposed);
}

// After Squad deleted the account's data: delete the sign-in account too (with the built-in provider
// the server already did; a real Cognito pool needs the user's own DeleteUser), then clear the device.
export async function deleteIdentityAndSignOut(): Promise<void> {
  markSigningOut();
  const { cognito, session } = getAuth();
  const token = await session.getAccessToken().catch(() => null);
  if (token) await cognito.deleteUser(token).catch(() => undefined);
  clearBrowserState();
  session.set(null);
}
