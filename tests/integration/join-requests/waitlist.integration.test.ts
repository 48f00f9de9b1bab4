import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRequests, mailOutbox } from '#db/schema/index.ts';
import { fixedClock } from '#server/lib/clock.ts';
import { OFFER_MAX_MS } from '#server/modules/join-requests/join-requests-admission.service.ts';
import { createEventAs, joinEvent, requestToJoin } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// The waitlist (ADR 045): approved while full, offered a place with a deadline when one frees, the
// offer taken atomically, declined or expired to the next in line.

let app: TestApp;
const clock = fixedClock(new Date());
beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(async () => {
  await app?.close();
});

const ASK = `mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id status waitlist autoApproved } } }`;
const ACCEPT = `mutation($id: ID!) { acceptRequest(input: {id: $id}) { joinRequest { id status waitlistPosition } event { participantCount } } }`;
const TAKE = `mutation($id: ID!) { acceptWaitlistOffer(input: {id: $id}) { joinRequest { id status } event { participantCount freeSlots } } }`;
const WITHDRAW = `mutation($id: ID!) { withdrawRequest(input: {id: $id}) { joinRequest { status } } }`;
const LEAVE = `mutation($id: ID!) { leaveEvent(input: {eventId: $id}) { event { participantCount } } }`;
const MINE = `query($id: ID!) { event(id: $id) { participantCount viewerRole viewerJoinRequest { id status waitlistPosition offerExpiresAt } location { exact name } } }`;
const QUEUE = `query($id: ID!) { event(id: $id) { waitlist { id status user { id } waitlistPosition offerExpiresAt } } }`;
const NOTES = `{ notifications(first: 10) { nodes { type text link } } }`;

async function fullEvent(capacity = 2) {
  const host = await app.newUser();
  const guests: TestUser[] = [];
  const id = await createEventAs(app, host, { overrides: { maxParticipants: capacity } });
  for (let i = 0; i < capacity; i++) {
    const g = await app.newUser();
    await joinEvent(app, id, host, g);
    guests.push(g);
  }
  return { host, guests, id };
}

// Asks for the waitlist of a full event, and the host approves: the user is in line.
async function waitlisted(eventId: string, host: TestUser) {
  const user = await app.newUser();
  const asked = await app.gql(
    ASK,
    { input: { eventId, message: 'Yer açılırsa gelirim!', waitlist: true } },
    { token: user.token },
  );
  expect(asked.errors).toBeUndefined();
  expect(asked.data.requestToJoin.joinRequest).toMatchObject({ status: 'PENDING', waitlist: true });
  const requestId = asked.data.requestToJoin.joinRequest.id as string;
  const approved = await app.gql(ACCEPT, { id: requestId }, { token: host.token });
  expect(approved.errors).toBeUndefined();
  expect(approved.data.acceptRequest.joinRequest.status).toBe('WAITLISTED');
  // The line is ordered by when each was approved: let a second pass between them.
  clock.advance(1000);
  return { user, requestId };
}

async function statusOf(requestId: string) {
  const [row] = await app.database.db.select().from(joinRequests).where(eq(joinRequests.id, requestId));
  return row;
}

describe('waitlist', () => {
  it('a full event refuses a plain request, queues a waitlist request once the host approves', async () => {
    const { host, id } = await fullEvent();
    const plain = await app.newUser();
    const refused = await app.gql(ASK, { input: { eventId: id } }, { token: plain.token });
    expect(expectOneError(refused, 'CONFLICT').extensions?.reason ?? refused.errors![0].message).toBeTruthy();

    const a = await waitlisted(id, host);
    const b = await waitlisted(id, host);
    const mine = await app.gql(MINE, { id }, { token: b.user.token });
    expect(mine.data.event.viewerJoinRequest).toMatchObject({ status: 'WAITLISTED', waitlistPosition: 2 });
    // In line is not taking part: the public place only (ADR 005).
    expect(mine.data.event.location).toEqual({ exact: false, name: null });
    expect(mine.data.event.viewerRole).toBe('REQUESTER');

    const queue = await app.gql(QUEUE, { id }, { token: host.token });
    expect(queue.data.event.waitlist.map((r: any) => [r.user.id, r.waitlistPosition])).toEqual([
      [a.user.id, 1],
      [b.user.id, 2],
    ]);
    // The queue is the host's: others see null.
    expect((await app.gql(QUEUE, { id }, { token: a.user.token })).data.event.waitlist).toBeNull();
  });

  it('a freed place is offered to the first in line, with a deadline, a notification and an e-mail; accepting takes it', async () => {
    const { host, guests, id } = await fullEvent();
    const a = await waitlisted(id, host);
    const b = await waitlisted(id, host);

    const left = await app.gql(LEAVE, { id }, { token: guests[0].token });
    expect(left.data.leaveEvent.event.participantCount).toBe(1);

    const offered = await statusOf(a.requestId);
    expect(offered.status).toBe('offered');
    // Three days ahead: the full two hours.
    expect(offered.offerExpiresAt!.getTime() - clock.now().getTime()).toBe(OFFER_MAX_MS);
    expect((await statusOf(b.requestId)).status).toBe('waitlisted');
    const notes = await app.gql(NOTES, undefined, { token: a.user.token });
    expect(notes.data.notifications.nodes[0]).toMatchObject({
      type: 'WAITLIST_OFFER',
      link: `/dashboard/eventDetails/${id}`,
    });
    expect(notes.data.notifications.nodes[0].text).toContain('için yer açıldı');
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `${a.user.sub}@squad.test`));
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining('yer açıldı'));

    // The offered place is held: a new request cannot take it.
    const late = await app.newUser();
    expectOneError(await app.gql(ASK, { input: { eventId: id } }, { token: late.token }), 'CONFLICT');
    // Nobody else can take someone's offer.
    expectOneError(await app.gql(TAKE, { id: a.requestId }, { token: b.user.token }), 'NOT_FOUND');

    const took = await app.gql(TAKE, { id: a.requestId }, { token: a.user.token });
    expect(took.errors).toBeUndefined();
    expect(took.data.acceptWaitlistOffer).toMatchObject({
      joinRequest: { status: 'ACCEPTED' },
      event: { participantCount: 2, freeSlots: 0 },
    });
    const now = await app.gql(MINE, { id }, { token: a.user.token });
    expect(now.data.event.viewerRole).toBe('PARTICIPANT');
    expect(now.data.event.location.exact).toBe(true);
    // Taking it twice is refused.
    expectOneError(await app.gql(TAKE, { id: a.requestId }, { token: a.user.token }), 'CONFLICT');
  });

  it('declining moves the offer to the next in line; an offer that runs out does too', async () => {
    const { host, guests, id } = await fullEvent();
    const a = await waitlisted(id, host);
    const b = await waitlisted(id, host);
    const c = await waitlisted(id, host);
    await app.gql(LEAVE, { id }, { token: guests[0].token });
    expect((await statusOf(a.requestId)).status).toBe('offered');

    const declined = await app.gql(WITHDRAW, { id: a.requestId }, { token: a.user.token });
    expect(declined.data.withdrawRequest.joinRequest.status).toBe('WITHDRAWN');
    expect((await statusOf(b.requestId)).status).toBe('offered');

    // The sweep before the deadline changes nothing; after it, b's offer expires and c gets it.
    await app.services.waitlist.sweep();
    expect((await statusOf(b.requestId)).status).toBe('offered');
    clock.advance(OFFER_MAX_MS + 1000);
    try {
      const swept = await app.services.waitlist.sweep();
      expect(swept.expired).toBeGreaterThanOrEqual(1);
      expect((await statusOf(b.requestId)).status).toBe('expired');
      expect((await statusOf(c.requestId)).status).toBe('offered');
      const notes = await app.gql(NOTES, undefined, { token: b.user.token });
      expect(notes.data.notifications.nodes[0].type).toBe('WAITLIST_OFFER_EXPIRED');
      expectOneError(await app.gql(TAKE, { id: b.requestId }, { token: b.user.token }), 'CONFLICT');
      // The sweep again: nothing more.
      await app.services.waitlist.sweep();
      expect((await statusOf(c.requestId)).status).toBe('offered');
    } finally {
      clock.advance(-(OFFER_MAX_MS + 1000));
    }
  });

  it('two people accepting the last place: exactly one gets it, capacity holds', async () => {
    const capacity = 4;
    const { host, guests, id } = await fullEvent(capacity);
    const a = await waitlisted(id, host);
    const b = await waitlisted(id, host);
    // Two places free: two offers. Then the host lowers the capacity by one: one place for two offers.
    await app.gql(LEAVE, { id }, { token: guests[0].token });
    await app.gql(LEAVE, { id }, { token: guests[1].token });
    expect((await statusOf(a.requestId)).status).toBe('offered');
    expect((await statusOf(b.requestId)).status).toBe('offered');
    const lowered = await app.gql(
      `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { maxParticipants } } }`,
      { input: { id, maxParticipants: capacity - 1 } },
      { token: host.token },
    );
    expect(lowered.errors).toBeUndefined();

    const results = await Promise.all([
      app.gql(TAKE, { id: a.requestId }, { token: a.user.token }),
      app.gql(TAKE, { id: b.requestId }, { token: b.user.token }),
    ]);
    const won = results.filter((r) => !r.errors);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expectOneError(lost[0], 'CONFLICT');
    const event = await app.gql(MINE, { id }, { token: host.token });
    expect(event.data.event.participantCount).toBe(capacity - 1);

    // The loser's offer still holds a place that does not exist; they decline it.
    const loser = won[0] === results[0] ? b : a;
    await app.gql(WITHDRAW, { id: loser.requestId }, { token: loser.user.token });
    // The same offer taken twice at once: one answer is the place, the other a conflict.
    const c = await waitlisted(id, host);
    await app.gql(LEAVE, { id }, { token: guests[2].token });
    expect((await statusOf(c.requestId)).status).toBe('offered');
    const twice = await Promise.all([
      app.gql(TAKE, { id: c.requestId }, { token: c.user.token }),
      app.gql(TAKE, { id: c.requestId }, { token: c.user.token }),
    ]);
    expect(twice.filter((r) => !r.errors)).toHaveLength(1);
    expectOneError(
      twice.find((r) => r.errors)!,
      'CONFLICT',
    );
    const [participants] = await Promise.all([app.gql(MINE, { id }, { token: host.token })]);
    expect(participants.data.event.participantCount).toBe(capacity - 1);
  });

  it('a raised capacity offers the new place; the sweep offers a place nobody was offered', async () => {
    const { host, id } = await fullEvent();
    const a = await waitlisted(id, host);
    await app.gql(
      `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { id } } }`,
      { input: { id, maxParticipants: 3 } },
      { token: host.token },
    );
    expect((await statusOf(a.requestId)).status).toBe('offered');

    // A place freed without an offer (as after a crash between the two): the sweep makes it.
    const b = await waitlisted(id, host);
    await app.database.db
      .update(joinRequests)
      .set({ status: 'withdrawn' })
      .where(and(eq(joinRequests.id, a.requestId)));
    expect((await statusOf(b.requestId)).status).toBe('waitlisted');
    await app.services.waitlist.sweep();
    expect((await statusOf(b.requestId)).status).toBe('offered');
  });

  it('a requester of a full event without the waitlist, and a stranger taking an offer, get clear errors', async () => {
    const { id } = await fullEvent();
    const someone = await app.newUser();
    const refused = await app.gql(ASK, { input: { eventId: id, waitlist: false } }, { token: someone.token });
    expect(expectOneError(refused, 'CONFLICT').message).toMatch(/dolu|full/i);
    expectOneError(await app.gql(TAKE, { id: 'not-a-uuid' }, { token: someone.token }), 'NOT_FOUND');
    // A request on an event with room is not put in line even if it asked.
    const host = await app.newUser();
    const open = await createEventAs(app, host);
    const asked = await app.gql(ASK, { input: { eventId: open, waitlist: true } }, { token: someone.token });
    expect(asked.data.requestToJoin.joinRequest).toMatchObject({ status: 'PENDING', waitlist: false });
    const requestId = await requestToJoin(app, open, await app.newUser());
    const accepted = await app.gql(ACCEPT, { id: requestId }, { token: host.token });
    expect(accepted.data.acceptRequest.joinRequest.status).toBe('ACCEPTED');
  });
});
