import { intlLocale, TIME_ZONE, type Locale } from '#client/lib/i18n/format.ts';

// The calendar day of an instant in Turkey ("2026-05-10"), the unit of the thread's day separators.
export function dayKey(value: string | Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(value));
}

export type DayGroup<M> = { key: string; items: M[] };

// Messages, oldest first, cut into runs of the same Turkish calendar day.
export function groupByDay<M extends { createdAt: string }>(messages: readonly M[]): DayGroup<M>[] {
  const groups: DayGroup<M>[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(message);
    else groups.push({ key, items: [message] });
  }
  return groups;
}

function shiftDay(key: string, days: number): string {
  const d = new Date(`${key}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// A separator's text: 'Bugün', 'Dün', a weekday within the last week ('Salı'), otherwise the date
// ('12 Mart Salı', with the year when it is not this year's).
export function dayLabel(
  key: string,
  locale: Locale,
  labels: { today: string; yesterday: string },
  now: Date = new Date(),
): string {
  const today = dayKey(now);
  if (key === today) return labels.today;
  if (key === shiftDay(today, -1)) return labels.yesterday;
  const noon = new Date(`${key}T12:00:00Z`);
  const tag = intlLocale(locale);
  if (key > shiftDay(today, -7) && key < today)
    return new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }).format(noon);
  return new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'long',
    weekday: 'long',
    ...(key.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(noon);
}
