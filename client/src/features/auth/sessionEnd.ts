import { safeReturnTo } from '#client/features/auth/returnTo.ts';

// A session that could not be renewed (its refresh token refused, expired or revoked) ends on the
// sign-in page with a word why, and signing in again leads back to the page the user was on (ADR 060).
// Only the identity service's refusal counts: signing out, or another tab doing so, is not noted.
let endedOn: string | null | undefined;
let signingOut = false;
let endedBySuspension = false;

// The note is also kept in this tab's sessionStorage: a page reloaded (or left) while its refresh was
// being refused finds no session on its next load, and without the note it would send the user to a
// sign-in page that does not say why. sessionStorage belongs to one tab, so another tab's sign-out
// never reads as this tab's expiry. The next page that acts on the note takes it (once).
const NOTE_KEY = 'squad.sessionEnded';

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

function dropNote(): void {
  try {
    tabStorage()?.removeItem(NOTE_KEY);
  } catch {
    // nothing kept to remove
  }
}

// The user chose to sign out: what the server refuses from now on (a socket closed by the
// GlobalSignOut, a refresh racing the revocation) is no expiry and sends nobody anywhere.
export function markSigningOut(): void {
  signingOut = true;
  dropNote();
}

// The session ended for a reason another screen tells: a suspension (ADR 039) shows its own page with
// the reason and the end. The refresh the suspension refuses is then no expiry: a later page in this
// tab must not send the user to a sign-in page that says the session ran out.
export function sessionEndedBySuspension(): void {
  endedBySuspension = true;
  endedOn = undefined;
  dropNote();
}

export function isSessionEndedBySuspension(): boolean {
  return endedBySuspension;
}

export function isSigningOut(): boolean {
  return signingOut;
}

// Called by the session store when the refresh is refused; the first page noted wins (several queries
// may be refused at once, and a redirect may already be under way).
export function noteSessionExpired(path: string): void {
  if (endedOn !== undefined || signingOut || endedBySuspension) return;
  endedOn = safeReturnTo(path);
  try {
    tabStorage()?.setItem(NOTE_KEY, endedOn ?? '');
  } catch {
    // Storage full or blocked: the note lasts for this page only.
  }
}

// Where to send the user now: the spec's /auth/login (→ the sign-in page) with the reason and the
// return target, or null when the session was not ended by the identity service.
export function sessionExpiredLoginPath(): string | null {
  const storage = tabStorage();
  try {
    const kept = storage?.getItem(NOTE_KEY);
    if (kept !== null && kept !== undefined) {
      // The caller goes there now: the note is spent (a later visit in this tab is a new story).
      storage?.removeItem(NOTE_KEY);
      if (endedOn === undefined && !signingOut && !endedBySuspension) endedOn = safeReturnTo(kept);
    }
  } catch {
    // storage blocked: what this page noted still counts
  }
  if (endedOn === undefined) return null;
  const params = new URLSearchParams({ session: 'expired' });
  if (endedOn) params.set('returnTo', endedOn);
  return `/auth/login?${params}`;
}

// For tests: a new page load (the tab's storage stays).
export function resetSessionEnd(): void {
  endedOn = undefined;
  signingOut = false;
  endedBySuspension = false;
}
