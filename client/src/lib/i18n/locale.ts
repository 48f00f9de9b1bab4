import { LOCALES, type Locale } from '#client/lib/i18n/format.ts';

// The active language, outside React too (Accept-Language of API requests, boot screens). Kept on
// this device (and after logout: auth.ts keeps these keys), and on the account (DashboardLayoutRoute).
export const LOCALE_KEY = 'squad.locale';
// A language the user chose on this device that the account has not heard of yet (the dashboard
// saves it to the account, then clears it).
export const PENDING_LOCALE_KEY = 'squad.locale.pending';

function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_KEY);
    return LOCALES.includes(stored as Locale) ? (stored as Locale) : 'tr';
  } catch {
    return 'tr';
  }
}

let activeLocale: Locale = readStoredLocale();

export function getLocale(): Locale {
  return activeLocale;
}

// The server reads the cookie to preload this language's messages and set <html lang> (ADR 044).
function writeLocaleCookie(locale: Locale): void {
  try {
    document.cookie = `${LOCALE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // No document (tests): nothing to write.
  }
}

// After the browser's state was wiped (logout): the device keeps its language.
export function keepLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Blocked storage: the cookie still says it.
  }
  writeLocaleCookie(locale);
}

// `fromAccount`: the account's language applied on this device (nothing to save back).
export function storeLocale(next: Locale, options?: { fromAccount?: boolean }): void {
  activeLocale = next;
  writeLocaleCookie(next);
  try {
    localStorage.setItem(LOCALE_KEY, next);
    if (options?.fromAccount) localStorage.removeItem(PENDING_LOCALE_KEY);
    else localStorage.setItem(PENDING_LOCALE_KEY, next);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

// The language chosen on this device and not yet saved to the account, if any.
export function pendingLocaleChoice(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(PENDING_LOCALE_KEY);
    return LOCALES.includes(v as Locale) ? (v as Locale) : null;
  } catch {
    return null;
  }
}

export function clearPendingLocaleChoice(): void {
  try {
    globalThis.localStorage?.removeItem(PENDING_LOCALE_KEY);
  } catch {
    // Blocked storage: nothing kept.
  }
}

// The few words shown before any catalogue has loaded (the boot spinner, the boot error).
export const BOOT_TEXT = {
  tr: {
    loading: 'Yükleniyor...',
    unreachable: 'Squad’a şu an ulaşılamıyor 😕',
    checkConnection: 'Bağlantını kontrol edip tekrar dene.',
    retry: 'Tekrar dene',
  },
  en: {
    loading: 'Loading...',
    unreachable: 'Squad cannot be reached right now 😕',
    checkConnection: 'Check your connection and try again.',
    retry: 'Try again',
  },
} as const satisfies Record<Locale, Record<string, string>>;
