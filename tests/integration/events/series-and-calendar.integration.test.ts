import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, tokenLedger } from '#db/schema/index.ts';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { createEventAs, joinEvent, requestToJoin } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Recurring series (ADR 048), calendars (ADR 047) and the public page with its preview (ADR 049).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const SERIES = `query($id: ID!) { event(id: $id) { id seriesIndex series { frequency occurrenceCount occurrences { id date time seriesIndex status title maxParticipants } } } }`;
const UPDATE = `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { id title time } } }`;
const CANCEL = `mutation($input: CancelEventInput!) { cancelEvent(input: $input) { tokenRefunded event { status } viewer { tokenBalance } } }`;
const BALANCE = `{ me { tokenBalance calendarFeedUrl } }`;

async function weekly(host: TestUser, recurrence: Record<string, unknown>) {
  const res = await app.gql(
    CREATE_EVENT,
    { input: buildPhysicalEventInput({ title: 'Salı halı saha', recurrence }) },
    { token: host.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  const first = res.data.createEvent.event.id as string;
  const series = await app.gql(SERIES, { id: first }, { token: host.token });
  return {
    first,
    balance: res.data.createEvent.viewer.tokenBalance as number,
    occurrences: series.data.event.series.occurrences as any[],
    series: series.data.event.series,
  };
}

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('recurring series', () => {
  it('creates every occurrence as its own event for one token, weekly or every two weeks, by count or end day', async () => {
    const host = await app.newUser();
    const s = await weekly(host, { frequency: 'WEEKLY', count: 4 });
    expect(s.balance).toBe(4);
    expect(s.series).toMatchObject({ frequency: 'WEEKLY', occurrenceCount: 4 });
    expect(s.occurrences.map((o) => o.seriesIndex)).toEqual([1, 2, 3, 4]);
    const first = s.occurrences[0].date as string;
    expect(s.occurrences.map((o) => o.date)).toEqual([0, 7, 14, 21].map((n) => addDays(first, n)));
    expect(new Set(s.occurrences.map((o) => o.time))).toEqual(new Set(['19:00']));
    const charges = await app.database.db.select().from(tokenLedger).where(eq(tokenLedger.userId, host.id));
    expect(charges.filter((c) => c.reason === 'event_created')).toHaveLength(1);

    const until = await weekly(host, { frequency: 'BIWEEKLY', until: addDays(first, 30) });
    expect(until.occurrences.map((o) => o.date)).toEqual([0, 14, 28].map((n) => addDays(first, n)));
    expect(until.balance).toBe(3);

    // Each occurrence is joined on its own: its own capacity and participants.
    const guest = await app.newUser();
    await joinEvent(app, s.occurrences[1].id, host, guest);
    const counts = await app.database.db
      .select({ id: events.id, n: events.participantCount })
      .from(events)
      .where(
        eq(
          events.seriesId,
          (await app.database.db.select({ s: events.seriesId }).from(events).where(eq(events.id, s.first)))[0]
            .s!,
        ),
      );
    expect(counts.filter((c) => c.n === 1).map((c) => c.id)).toEqual([s.occurrences[1].id]);
  });

  it('refuses a series without an end, with both ends, or longer than 12', async () => {
    const host = await app.newUser();
    for (const recurrence of [
      { frequency: 'WEEKLY' },
      { frequency: 'WEEKLY', count: 3, until: '2099-01-01' },
      { frequency: 'WEEKLY', count: 13 },
      { frequency: 'WEEKLY', until: addDays(buildPhysicalEventInput().date, 7 * 20) },
    ]) {
      const res = await app.gql(
        CREATE_EVENT,
        { input: buildPhysicalEventInput({ recurrence }) },
        { token: host.token },
      );
      const err = expectOneError(res, 'BAD_USER_INPUT');
      expect(JSON.stringify(err.extensions)).toContain('input.recurrence');
    }
    expect((await app.gql(BALANCE, undefined, { token: host.token })).data.me.tokenBalance).toBe(5);
  });

  it('edits one occurrence or this and the following; cancels the rest; the token comes back only when all is off unjoined', async () => {
    const host = await app.newUser();
    const s = await weekly(host, { frequency: 'WEEKLY', count: 4 });
    const [o1, o2, o3, o4] = s.occurrences.map((o) => o.id as string);

    const one = await app.gql(
      UPDATE,
      { input: { id: o2, title: 'Salı halı saha (özel)' } },
      { token: host.token },
    );
    expect(one.errors).toBeUndefined();
    const following = await app.gql(
      UPDATE,
      { input: { id: o3, time: '20:30', maxParticipants: 12, scope: 'FOLLOWING' } },
      { token: host.token },
    );
    expect(following.errors).toBeUndefined();
    let after = (await app.gql(SERIES, { id: o1 }, { token: host.token })).data.event.series.occurrences;
    expect(after.map((o: any) => [o.title, o.time, o.maxParticipants])).toEqual([
      ['Salı halı saha', '19:00', 10],
      ['Salı halı saha (özel)', '19:00', 10],
      ['Salı halı saha', '20:30', 12],
      ['Salı halı saha', '20:30', 12],
    ]);
    // The date is each occurrence's own: "this and following" cannot move it.
    const moved = await app.gql(
      UPDATE,
      { input: { id: o3, date: addDays(after[2].date, 1), scope: 'FOLLOWING' } },
      { token: host.token },
    );
    expect(expectOneError(moved, 'BAD_USER_INPUT').message).toContain('Bu ve sonrakiler');
    // Someone else's series: not found.
    const other = await app.newUser();
    expectOneError(
      await app.gql(
        UPDATE,
        { input: { id: o3, title: 'Benim', scope: 'FOLLOWING' } },
        { token: other.token },
      ),
      'NOT_FOUND',
    );

    const rest = await app.gql(CANCEL, { input: { id: o3, scope: 'FOLLOWING' } }, { token: host.token });
    expect(rest.data.cancelEvent).toMatchObject({ tokenRefunded: false, event: { status: 'CANCELLED' } });
    after = (await app.gql(SERIES, { id: o1 }, { token: host.token })).data.event.series.occurrences;
    expect(after.map((o: any) => o.status)).toEqual(['UPCOMING', 'UPCOMING', 'CANCELLED', 'CANCELLED']);
    void o4;
    const single = await app.gql(CANCEL, { input: { id: o2 } }, { token: host.token });
    expect(single.data.cancelEvent.tokenRefunded).toBe(false);
    const last = await app.gql(CANCEL, { input: { id: o1 } }, { token: host.token });
    expect(last.data.cancelEvent).toMatchObject({ tokenRefunded: true, viewer: { tokenBalance: 5 } });

    // A series someone joined keeps its token.
    const joined = await weekly(host, { frequency: 'WEEKLY', count: 2 });
    await joinEvent(app, joined.occurrences[1].id, host, await app.newUser());
    const all = await app.gql(
      CANCEL,
      { input: { id: joined.first, scope: 'FOLLOWING' } },
      { token: host.token },
    );
    expect(all.data.cancelEvent.tokenRefunded).toBe(false);
  });

  it('a wizard draft keeps the recurrence and the approval rules', async () => {
    const host = await app.newUser();
    const saved = await app.gql(
      `mutation($input: SaveEventDraftInput!) { saveEventDraft(input: $input) { draft { values { recurrence { frequency count until } autoApproval { verifiedEmail minRating friendsOnly sameCity minReliability } } } } }`,
      {
        input: {
          mode: 'PHYSICAL',
          step: 4,
          values: {
            title: 'Taslak',
            recurrence: { frequency: 'BIWEEKLY', count: 6 },
            autoApproval: { verifiedEmail: true, minRating: 4 },
          },
        },
      },
      { token: host.token },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveEventDraft.draft.values).toEqual({
      recurrence: { frequency: 'BIWEEKLY', count: 6, until: null },
      autoApproval: {
        verifiedEmail: true,
        minRating: 4,
        friendsOnly: false,
        sameCity: false,
        minReliability: null,
      },
    });
  });
});

describe('calendars', () => {
  it('one event: .ics and links with the exact place for participants, the public place for others', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await createEventAs(app, host);
    await joinEvent(app, id, host, guest);
    const links = await app.gql(
      `query($id: ID!) { event(id: $id) { calendarLinks { ics google outlook } } }`,
      { id },
      { token: guest.token },
    );
    const { ics, google, outlook } = links.data.event.calendarLinks;
    expect(ics).toBe(`http://squad.test/calendar/events/${id}.ics`);
    expect(new URL(google).searchParams.get('location')).toBe('Moda Sahil, Caferağa, Moda Cd., Kadıköy');
    expect(new URL(outlook).searchParams.get('location')).toBe('Moda Sahil, Caferağa, Moda Cd., Kadıköy');
    const stranger = await app.newUser();
    const theirs = await app.gql(
      `query($id: ID!) { event(id: $id) { calendarLinks { google } } }`,
      { id },
      { token: stranger.token },
    );
    expect(new URL(theirs.data.event.calendarLinks.google).searchParams.get('location')).toBe(
      'Kadıköy, İstanbul',
    );

    const asGuest = await app.rest('GET', `/calendar/events/${id}.ics`, { token: guest.token });
    expect(asGuest.status).toBe(200);
    expect(asGuest.headers.get('content-type')).toContain('text/calendar');
    const body = asGuest.body.replace(/\r\n[ \t]/g, '');
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain('TZID:Europe/Istanbul');
    expect(body).toMatch(/DTSTART;TZID=Europe\/Istanbul:\d{8}T190000/);
    expect(body).toContain(`UID:${id}@squad.test`);
    expect(body).toContain('LOCATION:Moda Sahil\\, Caferağa\\, Moda Cd.\\, Kadıköy');
    const anonymous = await app.rest('GET', `/calendar/events/${id}.ics`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toContain('LOCATION:Kadıköy\\, İstanbul');
    expect(anonymous.body).not.toMatch(/Moda Sahil|Caferağa/);
    expect((await app.rest('GET', `/calendar/events/00000000-0000-4000-8000-000000000000.ics`)).status).toBe(
      404,
    );
  });

  it('the personal feed: hosted and joined events, cancellations and updates reflected, 404 when guessed or revoked', async () => {
    const user = await app.newUser();
    const other = await app.newUser();
    const hosted = await createEventAs(app, user, { overrides: { title: 'Benim etkinliğim' } });
    const joined = await createEventAs(app, other, { overrides: { title: 'Katıldığım etkinlik' } });
    await joinEvent(app, joined, other, user);
    const asked = await createEventAs(app, other, { overrides: { title: 'Sadece istek attım' } });
    await requestToJoin(app, asked, user);

    const url = (await app.gql(BALANCE, undefined, { token: user.token })).data.me.calendarFeedUrl as string;
    expect(url).toMatch(/^http:\/\/squad\.test\/calendar\/[0-9a-f]{64}\.ics$/);
    const path = new URL(url).pathname;
    const feed = async () => (await app.rest('GET', path)).body.replace(/\r\n[ \t]/g, '') as string;
    let body = await feed();
    expect(body).toContain('SUMMARY:Benim etkinliğim');
    expect(body).toContain('SUMMARY:Katıldığım etkinlik');
    expect(body).not.toContain('Sadece istek attım');
    expect(body).toContain('LOCATION:Moda Sahil');
    const seq = (text: string, uid: string) =>
      Number(
        new RegExp(`UID:${uid}@squad.test[\\s\\S]*?SEQUENCE:(\\d+)`).exec(text)?.[1] ??
          new RegExp(`SEQUENCE:(\\d+)[\\s\\S]*?UID:${uid}@`).exec(text)?.[1],
      );
    const before = seq(body, joined);

    await new Promise((r) => setTimeout(r, 1100));
    await app.gql(UPDATE, { input: { id: joined, time: '21:00' } }, { token: other.token });
    await app.gql(CANCEL, { input: { id: hosted } }, { token: user.token });
    body = await feed();
    expect(body).toMatch(/DTSTART;TZID=Europe\/Istanbul:\d{8}T210000/);
    expect(seq(body, joined)).toBeGreaterThan(before);
    expect(body).toContain('STATUS:CANCELLED');

    // Guessed: 404. Revoked: the old URL is 404, the new one works.
    expect((await app.rest('GET', `/calendar/${'0'.repeat(64)}.ics`)).status).toBe(404);
    expect((await app.rest('GET', '/calendar/nope.ics')).status).toBe(404);
    const reset = await app.gql(
      `mutation { resetCalendarFeed(input: {revoke: true}) { calendarFeedUrl } }`,
      undefined,
      { token: user.token },
    );
    const fresh = reset.data.resetCalendarFeed.calendarFeedUrl as string;
    expect(fresh).not.toBe(url);
    expect((await app.rest('GET', path)).status).toBe(404);
    expect((await app.rest('GET', new URL(fresh).pathname)).status).toBe(200);
    // Nobody else reads it.
    expect(
      (
        await app.gql(
          `query($id: ID!) { user(id: $id) { calendarFeedUrl } }`,
          { id: user.id },
          { token: other.token },
        )
      ).data.user.calendarFeedUrl,
    ).toBeNull();
  });
});

describe('public page', () => {
  it('answers signed-out visitors with public fields only, and renders an invitation image', async () => {
    const host = await app.newUser();
    const id = await createEventAs(app, host, { overrides: { title: 'Kadıköy’de çay ve tavla' } });
    const res = await app.gql(
      `query($id: ID!) { publicEvent(id: $id) { id title date time durationLabel publicLocation hostName imageUrl appPath status category { label } } }`,
      { id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.publicEvent).toMatchObject({
      title: 'Kadıköy’de çay ve tavla',
      publicLocation: 'Kadıköy, İstanbul',
      imageUrl: `http://squad.test/e/${id}/og.png`,
      appPath: `/dashboard/eventDetails/${id}`,
      status: 'UPCOMING',
    });
    expect(JSON.stringify(res.data)).not.toMatch(/Moda Sahil|Caferağa/);
    // The signed-in event query stays closed to anonymous callers.
    expectOneError(await app.gql(`query($id: ID!) { event(id: $id) { id } }`, { id }), 'UNAUTHENTICATED');
    expect((await app.gql(`query { publicEvent(id: "nope") { id } }`)).data.publicEvent).toBeNull();

    const png = await fetch(`${app.baseUrl}/e/${id}/og.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const { eventCardSvg } = await import('#server/app/event-card.ts');
    const [row] = await app.database.db.select().from(events).where(eq(events.id, id));
    const svg = eventCardSvg(row);
    expect(svg).toContain('Kadıköy, İstanbul');
    expect(svg).not.toMatch(/Moda Sahil|Caferağa/);
    expect(svg).toMatch(/(Pazartesi|Salı|Çarşamba|Perşembe|Cuma|Cumartesi|Pazar)/);

    const { linkPreviews } = await import('#server/app/link-previews.ts');
    const html = (
      await linkPreviews(app.services, 'http://squad.test')(
        { path: `/e/${id}` } as never,
        '<html><head><title>Squad</title></head><body></body></html>',
      )
    )?.html;
    expect(html).toContain(`<meta property="og:image" content="http://squad.test/e/${id}/og.png">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toMatch(/Moda Sahil|Caferağa/);
  });
});
