import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createFormatter, interpolate, type Formatter, type Locale } from '#client/lib/i18n/format.ts';
import { loadCatalogue, type Catalogue } from '#client/lib/i18n/catalogue.ts';
import { getLocale, storeLocale } from '#client/lib/i18n/locale.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

export type TranslateParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: TranslateParams) => string;

export type I18nValue = {
  locale: Locale;
  // `fromAccount`: the account's language applied on this device (nothing to save back).
  setLocale: (locale: Locale, options?: { fromAccount?: boolean }) => void;
  t: Translate;
  fmt: Formatter;
};

export function createTranslator(catalogue: Catalogue, locale: Locale = 'tr'): Translate {
  return (key, params) => interpolate(catalogue[key] ?? key, params, locale);
}

export const I18nContext = createContext<I18nValue | null>(null);

// `catalogue` is the active language's, loaded before the first render (main.tsx).
export function I18nProvider({
  catalogue: initial,
  children,
}: {
  catalogue: Catalogue;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState<{ locale: Locale; catalogue: Catalogue }>(() => ({
    locale: getLocale(),
    catalogue: initial,
  }));

  const setLocale = useCallback((next: Locale, options?: { fromAccount?: boolean }) => {
    storeLocale(next, options);
    void loadCatalogue(next).then(
      (catalogue) => {
        // A later choice may have been made while this one loaded.
        if (getLocale() === next) setCurrent({ locale: next, catalogue });
      },
      (error: unknown) => console.error(error),
    );
  }, []);

  const { locale, catalogue } = current;
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo<I18nValue>(
    () => ({ locale, setLocale, t: createTranslator(catalogue, locale), fmt: createFormatter(locale) }),
    [locale, catalogue, setLocale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}
