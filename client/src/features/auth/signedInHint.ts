// A cookie that tells the server this device holds a session, so it sends the dashboard's first screen
// with the page (ADR 050). Not a credential: the session itself stays in localStorage (ADR 001).
export const SIGNED_IN_COOKIE = 'squad.signed-in';

export function writeSignedInHint(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; samesite=lax`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
