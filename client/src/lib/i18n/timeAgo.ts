import { intlLocale, type Locale } from '#client/lib/i18n/format.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<Locale, Intl.RelativeTimeFormat>();

function formatter(locale: Locale): Intl.RelativeTimeFormat {
  let rtf = formatters.get(locale);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
    formatters.set(locale, rtf);
  }
  return rtf;
}

// "şimdi", "5 dakika önce", "2 saat önce", "dün", "3 gün önce", "2 hafta önce", "4 ay önce", "geçen yıl".
// A time slightly in the future (clocks differ) counts as now.
export function timeAgo(
  value: Date | string | number,
  locale: Locale,
  now: Date | number = Date.now(),
): string {
  const then = value instanceof Date ? value.getTime() : new Date(value).getTime();
  const seconds = Math.max(0, Math.round(((now instanceof Date ? now.getTime() : now) - then) / 1000));
  const rtf = formatter(locale);
  if (seconds < 45) return rtf.format(0, 'second');
  if (seconds < 45 * MINUTE) return rtf.format(-Math.max(1, Math.round(seconds / MINUTE)), 'minute');
  if (seconds < 22 * HOUR) return rtf.format(-Math.max(1, Math.round(seconds / HOUR)), 'hour');
  if (seconds < 7 * DAY) return rtf.format(-Math.max(1, Math.round(seconds / DAY)), 'day');
  if (seconds < 30 * DAY) return rtf.format(-Math.round(seconds / (7 * DAY)), 'week');
  if (seconds < 365 * DAY) return rtf.format(-Math.max(1, Math.round(seconds / (30 * DAY))), 'month');
  return rtf.format(-Math.max(1, Math.round(seconds / (365 * DAY))), 'year');
}
