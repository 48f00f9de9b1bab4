// Locale-aware formatting through Intl. Turkish uses tr-TR; event times are shown in Turkey's time zone.

export type Locale = 'tr' | 'en';

export const LOCALES: readonly Locale[] = ['tr', 'en'];

const INTL_LOCALE: Record<Locale, string> = { tr: 'tr-TR', en: 'en-GB' };
export const TIME_ZONE = 'Europe/Istanbul';

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

// The number a parameter stands for, also when the caller passed it formatted ("1.234", "1,234").
function countOf(value: string | number | undefined): number {
  if (typeof value === 'number') return value;
  const digits = String(value ?? '').replace(/[^\d]/g, '');
  return digits ? Number(digits) : NaN;
}

// `{count, plural, one {# event} other {# events}}` (ICU's plural, `#` is the parameter as given):
// the form is chosen by the locale's plural rules ('=0'-style exact forms too).
function pluralize(template: string, params: Record<string, string | number>, locale: Locale): string {
  let out = '';
  let i = 0;
  const head = /\{(\w+), plural,/g;
  for (let m = head.exec(template); m; m = head.exec(template)) {
    out += template.slice(i, m.index);
    const name = m[1];
    const forms = new Map<string, string>();
    let j = m.index + m[0].length;
    for (;;) {
      while (template[j] === ' ') j++;
      if (template[j] === '}') break;
      const selector = /^(=?\w+)\s*\{/.exec(template.slice(j));
      if (!selector) return template;
      j += selector[0].length;
      let depth = 1;
      const start = j;
      while (j < template.length && depth > 0) {
        if (template[j] === '{') depth++;
        else if (template[j] === '}') depth--;
        j++;
      }
      forms.set(selector[1], template.slice(start, j - 1));
    }
    const n = countOf(params[name]);
    let rules = pluralRules.get(locale);
    if (!rules) {
      rules = new Intl.PluralRules(INTL_LOCALE[locale]);
      pluralRules.set(locale, rules);
    }
    const form =
      forms.get(`=${n}`) ??
      forms.get(Number.isNaN(n) ? 'other' : rules.select(n)) ??
      forms.get('other') ??
      '';
    out += form.replace(/#/g, String(params[name] ?? ''));
    i = j + 1;
    head.lastIndex = i;
  }
  return out + template.slice(i);
}

export function interpolate(
  template: string,
  params?: Record<string, string | number>,
  locale: Locale = 'tr',
): string {
  if (!params) return template;
  const text = template.includes(', plural,') ? pluralize(template, params, locale) : template;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

// Each Intl formatter is built on first use, not when the app starts: building them costs more than
// the first screen's few calls (ADR 044).
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

// Options under which a whole number below 1000 is written as its plain digits in both languages.
function plainDigits(options: Intl.NumberFormatOptions | undefined): boolean {
  if (!options) return true;
  return Object.entries(options).every(
    ([key, value]) => key === 'maximumFractionDigits' && value !== undefined,
  );
}

export function createFormatter(locale: Locale) {
  const tag = INTL_LOCALE[locale];
  const number = lazily(() => new Intl.NumberFormat(tag));
  // One NumberFormat per set of options, kept: building one costs far more than formatting with it,
  // and a list formats a price per card and per marker (ADR 044).
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberWith = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let format = numberFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(tag, options);
      numberFormats.set(key, format);
    }
    return format;
  };
  const dateLong = lazily(
    () =>
      new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }),
  );
  const dateShort = lazily(
    () =>
      new Intl.DateTimeFormat(tag, { weekday: 'short', day: 'numeric', month: 'short', timeZone: TIME_ZONE }),
  );
  const time = lazily(
    () => new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE }),
  );
  const dateTime = lazily(
    () =>
      new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: TIME_ZONE,
      }),
  );
  return {
    // Small whole counts (badges, balances, totals) read the same in both languages without Intl, whose
    // first NumberFormat costs a long task on a phone at start (ADR 044).
    number: (n: number, options?: Intl.NumberFormatOptions) =>
      Number.isInteger(n) && n >= 0 && n < 1000 && plainDigits(options)
        ? String(n)
        : options
          ? numberWith(options).format(n)
          : number().format(n),
    // One decimal for distances under 10 km, none above.
    distanceKm: (km: number) =>
      numberWith({ maximumFractionDigits: km < 10 ? 1 : 0, minimumFractionDigits: 0 }).format(km),
    currency: (amount: number, currency: 'TRY' | 'USD') =>
      numberWith({ style: 'currency', currency, maximumFractionDigits: 2 }).format(amount),
    percent: (n: number) => numberWith({ style: 'percent', maximumFractionDigits: 0 }).format(n / 100),
    date: (value: Date | string | number) => dateLong().format(toDate(value)),
    dateShort: (value: Date | string | number) => dateShort().format(toDate(value)),
    time: (value: Date | string | number) => time().format(toDate(value)),
    dateTime: (value: Date | string | number) => dateTime().format(toDate(value)),
  };
}

export type Formatter = ReturnType<typeof createFormatter>;
