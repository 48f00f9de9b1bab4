import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { eventParticipants, events, joinRequests, notifications, ratings } from '#db/schema/index.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function createAs(user: TestUser, input: Record<string, unknown> = buildPhysicalEventInput()) {
  const res = await app.gql(CREATE_EVENT, { input }, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent.event.id as string;
}

// Accepts a participant directly in the database (the join flow has its own tests).
async function addParticipant(eventId: string, user: TestUser) {
  const db = app.database.db;
  const [request] = await db
    .insert(joinRequests)
    .values({ eventId, userId: user.id, status: 'accepted', decidedAt: new Date() })
    .returning();
  await db.insert(eventParticipants).values({ eventId, userId: user.id, joinRequestId: request.id });
  await db
    .update(events)
    .set({ participantCount: sql`${events.participantCount} + 1` })
    .where(eq(events.id, eventId));
}

const UPDATE = `mutation Update($input: UpdateEventInput!) {
  updateEvent(input: $input) { event { id title date time maxParticipants location { lat lng exact } publicLocation } }
}`;
const CANCEL = `mutation Cancel($input: CancelEventInput!) {
  cancelEvent(input: $input) { tokenRefunded event { id status cancelledAt } viewer { tokenBalance } }
}`;

describe('updateEvent', () => {
  it('lets the host change an upcoming event, validated like creation', async () => {
    const host = await app.newUser();
    const id = await createAs(host);
    const later = toTurkeyDateTime(new Date(Date.now() + 5 * 86_400_000));
    const res = await app.gql(
      UPDATE,
      {
        input: { id, title: 'Moda sahilde gece maçı', date: later.date, time: '21:30', maxParticipants: 12 },
      },
      { token: host.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.updateEvent.event).toMatchObject({
      title: 'Moda sahilde gece maçı',
      date: later.date,
      time: '21:30',
      maxParticipants: 12,
    });

    const bad = await app.gql(UPDATE, { input: { id, tags: ['valorant'] } }, { token: host.token });
    expect(expectOneError(bad, 'BAD_USER_INPUT').extensions?.field).toBe('input.tags');
    const past = await app.gql(UPDATE, { input: { id, date: '2024-01-01' } }, { token: host.token });
    expect(expectOneError(past, 'BAD_USER_INPUT').extensions?.field).toBe('input.date');
  });

  it('refuses everyone but the host as if the event did not exist', async () => {
    const host = await app.newUser();
    const other = await app.newUser();
    const id = await createAs(host);
    expectOneError(
      await app.gql(UPDATE, { input: { id, title: 'Ele geçirildi' } }, { token: other.token }),
      'NOT_FOUND',
    );
    expectOneError(await app.gql(CANCEL, { input: { id } }, { token: other.token }), 'NOT_FOUND');
    expectOneError(
      await app.gql(UPDATE, { input: { id: 'x', title: 'Yok' } }, { token: other.token }),
      'NOT_FOUND',
    );
    const still = await app.gql(
      'query($id: ID!) { event(id: $id) { title status } }',
      { id },
      { token: other.token },
    );
    expect(still.data.event).toEqual({ title: 'Moda sahilde halı saha', status: 'UPCOMING' });
  });

  it('keeps capacity at or above the accepted participants and notifies them of a move', async () => {
    const host = await app.newUser();
    const a = await app.newUser();
    const b = await app.newUser();
    const id = await createAs(host);
    await addParticipant(id, a);
    await addParticipant(id, b);
    const shrink = await app.gql(UPDATE, { input: { id, maxParticipants: 2 } }, { token: host.token });
    expect(shrink.errors).toBeUndefined();
    expect(
      expectOneError(
        await app.gql(UPDATE, { input: { id, maxParticipants: 1 } }, { token: host.token }),
        'BAD_USER_INPUT',
      ).extensions?.field,
    ).toBe('input.maxParticipants');
    await app.gql(
      UPDATE,
      { input: { id, location: { name: 'Fenerbahçe Parkı', lat: 40.97, lng: 29.04 } } },
      { token: host.token },
    );
    const rows = await app.database.db.select().from(notifications).where(eq(notifications.eventId, id));
    expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
    expect(rows.every((r) => r.type === 'event_updated')).toBe(true);
  });

  it('refuses changes once the event has started', async () => {
    const host = await app.newUser();
    const id = await createAs(host, buildOnlineEventInput());
    await app.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 600_000), endsAt: new Date(Date.now() + 3_000_000) })
      .where(eq(events.id, id));
    expectOneError(
      await app.gql(UPDATE, { input: { id, title: 'Geç kalmış değişiklik' } }, { token: host.token }),
      'CONFLICT',
    );
  });
});

describe('cancelEvent', () => {
  it('refunds the creation token when nobody was accepted yet', async () => {
    const host = await app.newUser();
    const id = await createAs(host);
    const res = await app.gql(CANCEL, { input: { id, reason: 'Hava kötü' } }, { token: host.token });
    expect(res.data.cancelEvent).toMatchObject({
      tokenRefunded: true,
      event: { status: 'CANCELLED' },
      viewer: { tokenBalance: 5 },
    });
    const ledger = await app.gql('{ tokenLedger { nodes { reason delta } } }', undefined, {
      token: host.token,
    });
    expect(ledger.data.tokenLedger.nodes[0]).toEqual({ reason: 'EVENT_REFUND', delta: 1 });
    expectOneError(await app.gql(CANCEL, { input: { id } }, { token: host.token }), 'CONFLICT');
  });

  it('keeps the token and notifies participants when someone had joined', async () => {
    const host = await app.newUser();
    const guest = await app.newUser();
    const id = await createAs(host);
    await addParticipant(id, guest);
    const res = await app.gql(CANCEL, { input: { id } }, { token: host.token });
    expect(res.data.cancelEvent).toMatchObject({ tokenRefunded: false, viewer: { tokenBalance: 4 } });
    const [note] = await app.database.db.select().from(notifications).where(eq(notifications.eventId, id));
    expect(note).toMatchObject({ userId: guest.id, type: 'event_cancelled' });
    // Cancelled events leave the lists.
    const list = await app.gql(
      'query($s: String) { events(filter: {search: $s}) { totalCount } }',
      { s: 'Moda sahilde' },
      { token: guest.token },
    );
    const ids = await app.gql(
      'query($id: ID!) { event(id: $id) { status } }',
      { id },
      { token: guest.token },
    );
    expect(ids.data.event.status).toBe('CANCELLED');
    expect(list.errors).toBeUndefined();
  });
});

describe('saves, views, shares and analytics', () => {
  it('counts unique viewers per day, saves and shares, and shows analytics to the host only', async () => {
    const host = await app.newUser();
    const id = await createAs(host, buildOnlineEventInput());
    const viewers = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    const VIEW = 'mutation($id: ID!) { recordEventView(input: {id: $id}) { counted } }';
    for (const v of viewers)
      expect((await app.gql(VIEW, { id }, { token: v.token })).data.recordEventView.counted).toBe(true);
    expect((await app.gql(VIEW, { id }, { token: viewers[0].token })).data.recordEventView.counted).toBe(
      false,
    );
    expect((await app.gql(VIEW, { id }, { token: host.token })).data.recordEventView.counted).toBe(false);

    const SAVE = 'mutation($id: ID!) { saveEvent(input: {id: $id}) { event { saveCount viewerHasSaved } } }';
    const UNSAVE =
      'mutation($id: ID!) { unsaveEvent(input: {id: $id}) { event { saveCount viewerHasSaved } } }';
    expect((await app.gql(SAVE, { id }, { token: viewers[0].token })).data.saveEvent.event).toEqual({
      saveCount: 1,
      viewerHasSaved: true,
    });
    expect((await app.gql(SAVE, { id }, { token: viewers[0].token })).data.saveEvent.event).toEqual({
      saveCount: 1,
      viewerHasSaved: true,
    });
    expect((await app.gql(SAVE, { id }, { token: viewers[1].token })).data.saveEvent.event.saveCount).toBe(2);
    expect((await app.gql(UNSAVE, { id }, { token: viewers[1].token })).data.unsaveEvent.event).toEqual({
      saveCount: 1,
      viewerHasSaved: false,
    });

    const SHARE =
      'mutation($id: ID!, $c: ShareChannel!) { recordEventShare(input: {id: $id, channel: $c}) { counted } }';
    const share = async (c: string, who = viewers[2]) =>
      (await app.gql(SHARE, { id, c }, { token: who.token })).data.recordEventShare.counted;
    expect(await share('WHATSAPP')).toBe(true);
    expect(await share('COPY_LINK')).toBe(true);
    // The same button again the same day is the same share.
    expect(await share('WHATSAPP')).toBe(false);
    expect(await share('COPY_LINK')).toBe(false);

    // One accepted request decided after 30 minutes.
    const created = new Date(Date.now() - 3_600_000);
    await app.database.db.insert(joinRequests).values([
      {
        eventId: id,
        userId: viewers[0].id,
        status: 'accepted',
        createdAt: created,
        decidedAt: new Date(created.getTime() + 30 * 60_000),
        decidedBy: host.id,
      },
      { eventId: id, userId: viewers[1].id, status: 'pending' },
      // Declined by the content check on its own: no real request (and no viewer asked twice).
      {
        eventId: id,
        userId: viewers[2].id,
        status: 'declined',
        checkVerdict: 'block',
        checkReasons: ['spam'],
        decidedAt: new Date(),
      },
    ]);

    const ANALYTICS = `query($id: ID!) { event(id: $id) { analytics { views viewsByDay { date count } saves shares requests autoDeclinedRequests conversionRate medianResponseMinutes peakDay } } }`;
    const mine = await app.gql(ANALYTICS, { id }, { token: host.token });
    const today = toTurkeyDateTime(new Date()).date;
    expect(mine.data.event.analytics).toEqual({
      views: 3,
      viewsByDay: [{ date: today, count: 3 }],
      saves: 1,
      shares: 2,
      requests: 2,
      autoDeclinedRequests: 1,
      // Two of the three viewers sent a real request.
      conversionRate: 0.667,
      medianResponseMinutes: 30,
      peakDay: today,
    });
    const theirs = await app.gql(ANALYTICS, { id }, { token: viewers[0].token });
    expect(theirs.data.event.analytics).toBeNull();
  });
});

describe('event results', () => {
  it('reports the average rating and feedback count of a completed event', async () => {
    const host = await app.newUser();
    const a = await app.newUser();
    const b = await app.newUser();
    const id = await createAs(host);
    await addParticipant(id, a);
    await addParticipant(id, b);
    // Over since yesterday: only then can participants rate it.
    await app.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 26 * 3600_000), endsAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(events.id, id));
    await app.database.db.insert(ratings).values([
      { eventId: id, raterId: a.id, rateeId: host.id, score: 5, feedback: 'Harikaydı' },
      { eventId: id, raterId: b.id, rateeId: host.id, score: 4 },
    ]);
    const res = await app.gql(
      'query($id: ID!) { event(id: $id) { status averageRating feedbackCount participants { user { id } } } }',
      { id },
      { token: a.token },
    );
    expect(res.data.event).toMatchObject({ status: 'COMPLETED', averageRating: 4.5, feedbackCount: 2 });
    expect(res.data.event.participants).toHaveLength(2);

    // An upcoming event has no ratings yet (and a time left in the viewer's language).
    const upcoming = await createAs(host);
    const en = await app.gql(
      'query($id: ID!) { event(id: $id) { averageRating feedbackCount participants { user { id } } timeLeft } }',
      { id: upcoming },
      { token: a.token, headers: { 'accept-language': 'en' } },
    );
    expect(en.data.event).toMatchObject({ averageRating: null, feedbackCount: 0, participants: [] });
    expect(en.data.event.timeLeft).toMatch(/^\d+ d( \d+ h)?$/);
  });
});
