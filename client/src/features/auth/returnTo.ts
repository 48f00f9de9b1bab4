// Where a visitor goes after signing in (ADR 049): a shared event link opened signed out comes back to
// the same event after sign-in, registration, e-mail verification or Google. Kept in localStorage
// (the verification link may open in another tab) for a day; only the app's own pages are accepted,
// so a crafted ?returnTo= cannot send anyone off the site.
const KEY = 'returnTo';
const MAX_AGE_MS = 24 * 3600_000;
const ALLOWED = /^\/(dashboard|e|admin)(\/[A-Za-z0-9_\-./?=&%]*)?$/;

export function safeReturnTo(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  return ALLOWED.test(path) ? path : null;
}

export function rememberReturnTo(path: string | null | undefined, now = Date.now()): void {
  const safe = safeReturnTo(path);
  if (!safe) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path: safe, at: now }));
  } catch {
    // Storage unavailable: the visitor lands on the dashboard instead.
  }
}

// The remembered page, once (removed when read); null when none, too old or not ours.
export function takeReturnTo(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    localStorage.removeItem(KEY);
    const { path, at } = JSON.parse(raw) as { path?: string; at?: number };
    if (typeof at !== 'number' || now - at > MAX_AGE_MS) return null;
    return safeReturnTo(path);
  } catch {
    return null;
  }
}
