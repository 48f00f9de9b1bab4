// Turkey's wall clock (Europe/Istanbul) <-> instants. Intl knows the zone's rules, so this stays
// right should the offset ever change again.
export const TURKEY_TZ = 'Europe/Istanbul';

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TURKEY_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function intlParts(d: Date): Record<string, string> {
  return Object.fromEntries(partsFormatter.formatToParts(d).map((p) => [p.type, p.value]));
}

// Zone offsets change on the hour, so one Intl lookup serves a whole UTC hour; lists format many
// dates of the same few hours, and formatToParts is slow.
const HOUR_MS = 3_600_000;
const offsetByHour = new Map<number, number>();

function offsetMinutesAt(d: Date): number {
  const hour = Math.floor(d.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = intlParts(new Date(hour * HOUR_MS));
    const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
    offset = Math.round((asUtc - hour * HOUR_MS) / 60_000);
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

// Local date (YYYY-MM-DD) and time (HH:mm) of an instant in Turkey.
export function toTurkeyDateTime(d: Date): { date: string; time: string } {
  const local = new Date(d.getTime() + offsetMinutesAt(d) * 60_000);
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

// The instant at which Turkey's clocks show `date` `time`; undefined when the text is not a real date.
export function fromTurkeyDateTime(date: string, time: string): Date | undefined {
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const tm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dm || !tm) return undefined;
  const [y, mo, da, h, mi] = [+dm[1], +dm[2], +dm[3], +tm[1], +tm[2]];
  if (h > 23 || mi > 59) return undefined;
  const guess = Date.UTC(y, mo - 1, da, h, mi);
  const check = new Date(guess);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== da)
    return undefined;
  const offset = offsetMinutesAt(new Date(guess));
  return new Date(guess - offset * 60_000);
}

export function isValidDate(date: string): boolean {
  return fromTurkeyDateTime(date, '00:00') !== undefined;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// Midnight at the end of the Turkish calendar day of `now`.
export function endOfTurkeyDay(now: Date): Date {
  const { date } = toTurkeyDateTime(now);
  return fromTurkeyDateTime(addDays(date, 1), '00:00')!;
}

// Midnight at the end of the Turkish week (Monday–Sunday) of `now`.
export function endOfTurkeyWeek(now: Date): Date {
  const { date } = toTurkeyDateTime(now);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  const daysToMonday = weekday === 0 ? 1 : 8 - weekday;
  return fromTurkeyDateTime(addDays(date, daysToMonday), '00:00')!;
}

// Turkish calendar day (YYYY-MM-DD) of an instant.
export function turkeyDay(d: Date): string {
  return toTurkeyDateTime(d).date;
}

export function shiftDay(date: string, days: number): string {
  return addDays(date, days);
}
