import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  createFormatter,
  interpolate,
  LOCALES,
  type Formatter,
  type Locale,
} from '#client/lib/i18n/format.ts';
import { en } from '#client/lib/i18n/messages.en.ts';
import { tr, type MessageKey } from '#client/lib/i18n/messages.tr.ts';

const STORAGE_KEY = 'squad.locale';
// A language the user chose on this device that the account has not heard of yet (the dashboard
// saves it to the account, then clears it).
const PENDING_KEY = 'squad.locale.pending';
const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { tr, en };

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export type I18nValue = {
  locale: Locale;
  // `fromAccount`: the account's language applied on this device (nothing to save back).
  setLocale: (locale: Locale, options?: { fromAccount?: boolean }) => void;
  t: Translate;
  fmt: Formatter;
};

// Module-level copy of the current locale for code outside React (Accept-Language on API requests).
let activeLocale: Locale = readStoredLocale();

export function getLocale(): Locale {
  return activeLocale;
}

function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return LOCALES.includes(stored as Locale) ? (stored as Locale) : 'tr';
  } catch {
    return 'tr';
  }
}

export function createTranslator(locale: Locale): Translate {
  const catalogue = CATALOGUES[locale];
  return (key, params) => interpolate(catalogue[key] ?? tr[key] ?? key, params);
}

// The language chosen on this device and not yet saved to the account, if any.
export function pendingLocaleChoice(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(PENDING_KEY);
    return LOCALES.includes(v as Locale) ? (v as Locale) : null;
  } catch {
    return null;
  }
}

export function clearPendingLocaleChoice(): void {
  try {
    globalThis.localStorage?.removeItem(PENDING_KEY);
  } catch {
    // Blocked storage: nothing kept.
  }
}

export const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(activeLocale);

  const setLocale = useCallback((next: Locale, options?: { fromAccount?: boolean }) => {
    activeLocale = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
      if (options?.fromAccount) localStorage.removeItem(PENDING_KEY);
      else localStorage.setItem(PENDING_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setLocaleState(next);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18nValue>(
    () => ({ locale, setLocale, t: createTranslator(locale), fmt: createFormatter(locale) }),
    [locale, setLocale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}
