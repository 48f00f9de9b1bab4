// Locale-aware formatting through Intl. Turkish uses tr-TR; event times are shown in Turkey's time zone.

export type Locale = 'tr' | 'en';

export const LOCALES: readonly Locale[] = ['tr', 'en'];

const INTL_LOCALE: Record<Locale, string> = { tr: 'tr-TR', en: 'en-GB' };
export const TIME_ZONE = 'Europe/Istanbul';

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

export function interpolate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function createFormatter(locale: Locale) {
  const tag = INTL_LOCALE[locale];
  const number = new Intl.NumberFormat(tag);
  const dateLong = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: TIME_ZONE,
  });
  const dateShort = new Intl.DateTimeFormat(tag, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: TIME_ZONE,
  });
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
  const dateTime = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });
  return {
    number: (n: number, options?: Intl.NumberFormatOptions) =>
      options ? new Intl.NumberFormat(tag, options).format(n) : number.format(n),
    // One decimal for distances under 10 km, none above.
    distanceKm: (km: number) =>
      new Intl.NumberFormat(tag, { maximumFractionDigits: km < 10 ? 1 : 0, minimumFractionDigits: 0 }).format(
        km,
      ),
    currency: (amount: number, currency: 'TRY' | 'USD') =>
      new Intl.NumberFormat(tag, { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount),
    percent: (n: number) =>
      new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }).format(n / 100),
    date: (value: Date | string | number) => dateLong.format(toDate(value)),
    dateShort: (value: Date | string | number) => dateShort.format(toDate(value)),
    time: (value: Date | string | number) => time.format(toDate(value)),
    dateTime: (value: Date | string | number) => dateTime.format(toDate(value)),
  };
}

export type Formatter = ReturnType<typeof createFormatter>;
