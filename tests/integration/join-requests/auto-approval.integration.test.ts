import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventParticipants, users } from '#db/schema/index.ts';
import { createEventAs, joinEvent, moveEventEnd } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// The host's automatic approval (ADR 045) and attendance with reliability (ADR 049).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const ASK = `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id status autoApproved check { verdict } } event { participantCount } } }`;
const RECORD = `mutation($input: RecordAttendanceInput!) { recordAttendance(input: $input) { event { participants { user { id } attended } } } }`;
const CARDS = `query($id: ID!) { event(id: $id) { joinRequests { user { id } reliability { attended recorded percent } } } }`;

// Accounts older than a day: a brand-new account's first request to a physical event always waits for
// the host (ADR 073, auto-approval-safety.integration.test.ts).
const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 24 * 3600_000);
async function setCity(user: TestUser, city: string | null, verified = 1) {
  await app.database.db
    .update(users)
    .set({ city, emailVerified: verified, createdAt: TWO_DAYS_AGO() })
    .where(eq(users.id, user.id));
  app.services.users.forget(user.sub);
}

describe('auto-approval rules', () => {
  it('accepts an ok message from a requester who meets every rule; others wait for the host', async () => {
    const host = await app.newUser();
    await setCity(host, 'İstanbul');
    const id = await createEventAs(app, host, {
      overrides: { autoApproval: { verifiedEmail: true, sameCity: true } },
    });
    const rules = await app.gql(
      `query($id: ID!) { event(id: $id) { autoApproval { verifiedEmail sameCity friendsOnly minRating minReliability } } }`,
      { id },
      { token: host.token },
    );
    expect(rules.data.event.autoApproval).toEqual({
      verifiedEmail: true,
      sameCity: true,
      friendsOnly: false,
      minRating: null,
      minReliability: null,
    });

    const fits = await app.newUser();
    await setCity(fits, 'İstanbul');
    const ok = await app.gql(
      ASK,
      { input: { eventId: id, message: 'Selam, katılabilir miyim?' } },
      { token: fits.token },
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.requestToJoin).toMatchObject({
      joinRequest: { status: 'ACCEPTED', autoApproved: true },
      event: { participantCount: 1 },
    });
    const place = await app.gql(
      `query($id: ID!) { event(id: $id) { viewerRole location { exact } } }`,
      { id },
      { token: fits.token },
    );
    expect(place.data.event).toEqual({ viewerRole: 'PARTICIPANT', location: { exact: true } });

    const elsewhere = await app.newUser();
    await setCity(elsewhere, 'Ankara');
    const waits = await app.gql(ASK, { input: { eventId: id } }, { token: elsewhere.token });
    expect(waits.data.requestToJoin.joinRequest).toMatchObject({ status: 'PENDING', autoApproved: false });

    const unverified = await app.newUser();
    await setCity(unverified, 'İstanbul', 0);
    const alsoWaits = await app.gql(ASK, { input: { eventId: id } }, { token: unverified.token });
    expect(alsoWaits.data.requestToJoin.joinRequest.status).toBe('PENDING');

    // A message the check wants reviewed is never approved automatically.
    const pushy = await app.newUser();
    await setCity(pushy, 'İstanbul');
    const review = await app.gql(
      ASK,
      { input: { eventId: id, message: 'WhatsApp numaram 0532 123 45 67, oradan yaz' } },
      { token: pushy.token },
    );
    expect(review.data.requestToJoin.joinRequest.check.verdict).not.toBe('OK');
    expect(review.data.requestToJoin.joinRequest.status).not.toBe('ACCEPTED');
  });

  it('friends only, and a full event: the rule puts the friend in line', async () => {
    const host = await app.newUser();
    const friend = await app.newUser();
    const stranger = await app.newUser();
    await setCity(friend, null);
    await app.gql(
      `mutation($id: ID!) { sendFriendRequest(input: {userId: $id}) { user { id } } }`,
      { id: host.id },
      { token: friend.token },
    );
    const accepted = await app.gql(
      `mutation($id: ID!) { respondToFriendRequest(input: {userId: $id, accept: true}) { user { id } } }`,
      { id: friend.id },
      { token: host.token },
    );
    expect(accepted.errors).toBeUndefined();
    const id = await createEventAs(app, host, {
      overrides: { maxParticipants: 2, autoApproval: { friendsOnly: true } },
    });
    await joinEvent(app, id, host, await app.newUser());
    await joinEvent(app, id, host, await app.newUser());
    const inLine = await app.gql(ASK, { input: { eventId: id, waitlist: true } }, { token: friend.token });
    expect(inLine.data.requestToJoin.joinRequest).toMatchObject({ status: 'WAITLISTED', autoApproved: true });
    const waits = await app.gql(ASK, { input: { eventId: id, waitlist: true } }, { token: stranger.token });
    expect(waits.data.requestToJoin.joinRequest.status).toBe('PENDING');
  });

  it('an empty rule set, `autoApproval: {}`, approves every clean message and holds a flagged one', async () => {
    const host = await app.newUser();
    await setCity(host, 'İzmir');
    const id = await createEventAs(app, host, { overrides: { autoApproval: {} } });
    const anyone = await app.newUser();
    await setCity(anyone, null, 0);
    const clean = await app.gql(
      ASK,
      { input: { eventId: id, message: 'Selam, katılabilir miyim?' } },
      { token: anyone.token },
    );
    expect(clean.errors).toBeUndefined();
    expect(clean.data.requestToJoin.joinRequest).toMatchObject({ status: 'ACCEPTED', autoApproved: true });
    // A message any layer raised a signal on still waits for the host (ADR 073).
    const other = await app.newUser();
    await setCity(other, null, 0);
    const flagged = await app.gql(
      ASK,
      { input: { eventId: id, message: 'WhatsApp numaranı verir misin, oradan konuşalım' } },
      { token: other.token },
    );
    expect(flagged.data.requestToJoin.joinRequest).toMatchObject({ status: 'PENDING', autoApproved: false });
  });

  it('refuses rules out of range with the field named, in Turkish', async () => {
    const host = await app.newUser();
    const res = await app.gql(
      `mutation($input: CreateEventInput!) { createEvent(input: $input) { event { id } } }`,
      {
        input: {
          mode: 'ONLINE',
          title: 'Kural testi',
          description: 'Otomatik onay kuralları denemesi.',
          category: 'popular-games',
          tags: ['valorant'],
          date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
          time: '21:00',
          durationMinutes: 60,
          platform: 'valorant',
          autoApproval: { minRating: 7 },
        },
      },
      { token: host.token },
    );
    const err = expectOneError(res, 'BAD_USER_INPUT');
    expect(JSON.stringify(err.extensions)).toContain('input.autoApproval.minRating');
    expect(JSON.stringify(err.extensions)).toContain('En düşük puan 1 ile 5 arasında olmalı.');
  });
});

describe('attendance and reliability', () => {
  it('the host marks who came; the participant sees their own record; request cards show reliability to the host', async () => {
    const host = await app.newUser();
    const [came, noShow] = [await app.newUser(), await app.newUser()];
    const id = await createEventAs(app, host);
    await joinEvent(app, id, host, came);
    await joinEvent(app, id, host, noShow);

    // Not before the start, and never by anyone but the host.
    const early = await app.gql(
      RECORD,
      { input: { eventId: id, attendees: [{ userId: came.id, attended: true }] } },
      { token: host.token },
    );
    expect(expectOneError(early, 'CONFLICT').message).toBe(
      'Katılım, etkinlik başladıktan sonra işaretlenebilir.',
    );
    await moveEventEnd(app, id, 3600_000);
    expectOneError(
      await app.gql(
        RECORD,
        { input: { eventId: id, attendees: [{ userId: came.id, attended: true }] } },
        { token: came.token },
      ),
      'NOT_FOUND',
    );
    const stranger = await app.newUser();
    const notHere = await app.gql(
      RECORD,
      { input: { eventId: id, attendees: [{ userId: stranger.id, attended: true }] } },
      { token: host.token },
    );
    expect(expectOneError(notHere, 'BAD_USER_INPUT').message).toBeTruthy();

    const recorded = await app.gql(
      RECORD,
      {
        input: {
          eventId: id,
          attendees: [
            { userId: came.id, attended: true },
            { userId: noShow.id, attended: false },
          ],
        },
      },
      { token: host.token },
    );
    expect(recorded.errors).toBeUndefined();
    expect(
      new Map(recorded.data.recordAttendance.event.participants.map((p: any) => [p.user.id, p.attended])),
    ).toEqual(
      new Map([
        [came.id, true],
        [noShow.id, false],
      ]),
    );
    // Each sees their own record; not the other's.
    const own = await app.gql(
      `query($id: ID!) { event(id: $id) { viewerAttendance participants { user { id } attended } } me { reliability { attended recorded percent } } }`,
      { id },
      { token: noShow.token },
    );
    expect(own.data.event.viewerAttendance).toBe(false);
    expect(own.data.event.participants.find((p: any) => p.user.id === came.id).attended).toBeNull();
    expect(own.data.me.reliability).toEqual({ attended: 0, recorded: 1, percent: 0 });

    // Everyone recorded and the event over: settled now; the attendee earns, the no-show does not.
    const balances = await app.database.db.select({ id: users.id, b: users.tokenBalance }).from(users);
    const balance = (u: TestUser) => balances.find((r) => r.id === u.id)!.b;
    expect(balance(came)).toBe(6);
    expect(balance(noShow)).toBe(5);

    // The next host sees the record on the request card; others do not.
    const host2 = await app.newUser();
    const next = await createEventAs(app, host2);
    await app.gql(ASK, { input: { eventId: next } }, { token: came.token });
    await app.gql(ASK, { input: { eventId: next } }, { token: noShow.token });
    const cards = await app.gql(CARDS, { id: next }, { token: host2.token });
    const byUser = new Map(cards.data.event.joinRequests.map((r: any) => [r.user.id, r.reliability]));
    expect(byUser.get(came.id)).toEqual({ attended: 1, recorded: 1, percent: 100 });
    expect(byUser.get(noShow.id)).toEqual({ attended: 0, recorded: 1, percent: 0 });
    const [row] = await app.database.db
      .select()
      .from(eventParticipants)
      .where(eq(eventParticipants.userId, came.id));
    expect(row.attendanceRecordedAt).toBeInstanceOf(Date);
  });
});
