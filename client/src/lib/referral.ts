// The invitation code of a /register?ref=CODE link, kept until the new account's first visit to the
// dashboard names its referrer (the account does not exist yet when the link is opened).
const KEY = 'squad.referral';

export function rememberReferral(code: string | null): void {
  const clean = code
    ?.trim()
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  if (!clean) return;
  try {
    localStorage.setItem(KEY, clean);
  } catch {
    // Storage unavailable: the code can still be typed on the Earn tab.
  }
}

export function takeReferral(): string | null {
  try {
    const code = localStorage.getItem(KEY);
    if (code !== null) localStorage.removeItem(KEY);
    return code;
  } catch {
    return null;
  }
}
