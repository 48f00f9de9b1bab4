// The spec's local storage key prefilledEmail: written after sign-up, read once (and removed) by sign-in.
export const PREFILLED_EMAIL_KEY = 'prefilledEmail';

export function rememberPrefilledEmail(email: string): void {
  try {
    localStorage.setItem(PREFILLED_EMAIL_KEY, email);
  } catch {
    // Storage unavailable: nothing to prefill later.
  }
}

export function takePrefilledEmail(): string | null {
  try {
    const email = localStorage.getItem(PREFILLED_EMAIL_KEY);
    if (email !== null) localStorage.removeItem(PREFILLED_EMAIL_KEY);
    return email;
  } catch {
    return null;
  }
}
