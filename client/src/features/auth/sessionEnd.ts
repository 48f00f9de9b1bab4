import { safeReturnTo } from '#client/features/auth/returnTo.ts';

// A session that could not be renewed (its refresh token refused, expired or revoked) ends on the
// sign-in page with a word why, and signing in again leads back to the page the user was on (ADR 060).
// Only the identity service's refusal counts: signing out, or another tab doing so, is not noted.
let endedOn: string | null | undefined;
let signingOut = false;

// The user chose to sign out: what the server refuses from now on (a socket closed by the
// GlobalSignOut, a refresh racing the revocation) is no expiry and sends nobody anywhere.
export function markSigningOut(): void {
  signingOut = true;
}

export function isSigningOut(): boolean {
  return signingOut;
}

// Called by the session store when the refresh is refused; the first page noted wins (several queries
// may be refused at once, and a redirect may already be under way).
export function noteSessionExpired(path: string): void {
  if (endedOn === undefined && !signingOut) endedOn = safeReturnTo(path);
}

// Where to send the user now: the spec's /auth/login (→ the sign-in page) with the reason and the
// return target, or null when the session was not ended by the identity service.
export function sessionExpiredLoginPath(): string | null {
  if (endedOn === undefined) return null;
  const params = new URLSearchParams({ session: 'expired' });
  if (endedOn) params.set('returnTo', endedOn);
  return `/auth/login?${params}`;
}

// For tests.
export function resetSessionEnd(): void {
  endedOn = undefined;
  signingOut = false;
}
