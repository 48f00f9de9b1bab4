// The online wizard's quick start options (spec §9: now, 15, 30, 60, 120 minutes, this evening 20:00,
// tomorrow same time, custom) turned into the date and time the API takes: a day and a wall-clock
// time in Turkey (Europe/Istanbul).

export const QUICK_TIMES = ['NOW', 'M15', 'M30', 'H1', 'H2', 'EVENING', 'TOMORROW', 'CUSTOM'] as const;
export type QuickTime = (typeof QUICK_TIMES)[number];

const OFFSET_MINUTES: Partial<Record<QuickTime, number>> = { NOW: 0, M15: 15, M30: 30, H1: 60, H2: 120 };
const EVENING_HOUR = 20;
const TIME_ZONE = 'Europe/Istanbul';

export type LocalDateTime = { date: string; time: string };

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// The day (YYYY-MM-DD) and time (HH:mm) an instant has on a clock in Turkey.
export function turkeyDateTime(instant: Date): LocalDateTime {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

export function turkeyToday(now: Date): string {
  return turkeyDateTime(now).date;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// The API wants whole minutes that are not in the past, so "now" is rounded up to the next minute.
function ceilToMinute(instant: Date): Date {
  const ms = instant.getTime();
  const minute = 60_000;
  return new Date(ms % minute === 0 ? ms : Math.ceil(ms / minute) * minute);
}

export function quickTimeToDateTime(option: QuickTime, now: Date): LocalDateTime | null {
  const offset = OFFSET_MINUTES[option];
  if (offset !== undefined) return turkeyDateTime(ceilToMinute(new Date(now.getTime() + offset * 60_000)));
  const here = turkeyDateTime(ceilToMinute(now));
  if (option === 'EVENING') {
    // After 20:00 "this evening" has passed: the next evening.
    const passed = here.time >= `${EVENING_HOUR}:00`;
    return { date: passed ? addDays(here.date, 1) : here.date, time: `${EVENING_HOUR}:00` };
  }
  if (option === 'TOMORROW') return { date: addDays(here.date, 1), time: here.time };
  return null;
}
