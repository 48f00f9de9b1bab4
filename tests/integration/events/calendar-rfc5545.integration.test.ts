import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';

// Issue 26 point 5 (ADR 066): our .ics files read as calendar apps read them. ical.js parses the
// single event's file and the personal feed; a strict line check of our own holds RFC 5545's octet
// rules (CRLF after every line, the last one too; no line over 75 octets; UTC stamps end in Z).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

// A title and description with two-byte Turkish letters, long enough to be folded mid-text.
const TITLE = 'Kadıköy’de güneş batarken çay, simit ve uzun bir sohbet: ğüşıöç ĞÜŞİÖÇ';
const DESCRIPTION = `${'Şişli’den Üsküdar’a yürüyoruz, ağır çantası olan gelmesin. '.repeat(4)}Görüşürüz!`;

function strictLines(text: string) {
  expect(text.endsWith('\r\n'), 'the last line ends in CRLF').toBe(true);
  expect(text.replace(/\r\n/g, ''), 'no bare CR or LF').not.toMatch(/[\r\n]/);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  // Folding never splits a UTF-8 sequence: every line is valid UTF-8 by itself.
  const bytes = Buffer.from(text, 'utf8');
  expect(bytes.toString('utf8')).not.toContain('\uFFFD');
  const unfolded = text
    .replace(/\r\n[ \t]/g, '')
    .slice(0, -2)
    .split('\r\n');
  for (const line of unfolded.filter((l) => /^(DTSTAMP|CREATED|LAST-MODIFIED)[:;]/.test(l))) {
    expect(line, 'UTC with Z').toMatch(/^[A-Z-]+:\d{8}T\d{6}Z$/);
  }
  expect(unfolded.filter((l) => l.startsWith('DTSTAMP:')).length).toBeGreaterThan(0);
  expect(unfolded.some((l) => l.startsWith('TIMEZONE-ID'))).toBe(false);
  expect(unfolded).toContain('X-WR-TIMEZONE:Europe/Istanbul');
  // Calendar properties come before the first component (RFC 5545's icalbody grammar).
  const firstComponent = unfolded.findIndex((l, i) => i > 0 && l.startsWith('BEGIN:'));
  expect(unfolded.indexOf('X-WR-TIMEZONE:Europe/Istanbul')).toBeLessThan(firstComponent);
  expect(unfolded.findIndex((l) => l.startsWith('REFRESH-INTERVAL'))).toBeLessThan(firstComponent);
  return unfolded;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return calendar;
}

const stampOf = (vevent: ICAL.Component, name: string) => {
  const value = vevent.getFirstPropertyValue(name) as ICAL.Time;
  expect(value.zone?.tzid, name).toBe('UTC');
  return value.toJSDate().getTime();
};

describe('iCalendar files as calendar apps read them', () => {
  it('one event: ical.js reads the Turkish title, the zoned start and end, and UTC stamps; the lines pass the strict check', async () => {
    const host = await app.newUser();
    const before = Date.now();
    const id = await createEventAs(app, host, {
      overrides: { title: TITLE, description: DESCRIPTION, time: '19:30', durationMinutes: 90 },
    });
    const res = await app.rest('GET', `/calendar/events/${id}.ics`, { token: host.token });
    expect(res.status).toBe(200);
    const text = res.body as string;
    strictLines(text);
    expect(
      text.split('\r\n').some((l) => l.startsWith(' ')),
      'long lines are folded',
    ).toBe(true);

    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Istanbul');
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`${id}@squad.test`);
    expect(event.summary).toBe(TITLE);
    expect(event.description.startsWith(DESCRIPTION)).toBe(true);
    expect(event.startDate.zone?.tzid).toBe('Europe/Istanbul');
    // 19:30 in Istanbul (UTC+3) is 16:30 UTC, on the day the factory chose.
    const day = toTurkeyDateTime(new Date(Date.now() + 3 * 24 * 3600_000)).date;
    expect(event.startDate.toJSDate().toISOString()).toBe(`${day}T16:30:00.000Z`);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(90 * 60_000);
    for (const name of ['dtstamp', 'created', 'last-modified']) {
      const at = stampOf(vevent, name);
      // The database's clock stamps the row: within a minute of this test's own clock.
      expect(at).toBeGreaterThan(before - 60_000);
      expect(at).toBeLessThan(Date.now() + 60_000);
    }
  });

  it('the personal feed: every hosted and joined event parses with its own UID and UTC stamps; the lines pass the strict check', async () => {
    const user = await app.newUser();
    const other = await app.newUser();
    const hosted = await createEventAs(app, user, { overrides: { title: TITLE, description: DESCRIPTION } });
    const joined = await createEventAs(app, other, { overrides: { title: 'Üsküdar’da sabah koşusu' } });
    await joinEvent(app, joined, other, user);
    const url = (await app.gql(`{ me { calendarFeedUrl } }`, undefined, { token: user.token })).data.me
      .calendarFeedUrl as string;
    const res = await app.rest('GET', new URL(url).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    strictLines(res.body as string);

    const calendar = parse(res.body as string);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid).sort()).toEqual([`${hosted}@squad.test`, `${joined}@squad.test`].sort());
    expect(events.find((e) => e.uid.startsWith(joined))?.summary).toBe('Üsküdar’da sabah koşusu');
    for (const e of events) {
      expect(e.startDate.zone?.tzid).toBe('Europe/Istanbul');
      expect(Math.abs(stampOf(e.component, 'dtstamp') - Date.now())).toBeLessThan(5 * 60_000);
    }
  });
});
