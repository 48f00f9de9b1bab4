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
const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { tr, en };

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export type I18nValue = {
  locale: Locale;
  setLocale: (locale: Locale) => void;
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

export const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(activeLocale);

  const setLocale = useCallback((next: Locale) => {
    activeLocale = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
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
