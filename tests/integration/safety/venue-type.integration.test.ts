import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, mailOutbox } from '#db/schema/index.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { createEventAs, joinEvent } from '#tests/helpers/flows.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Where people meet (issue 30.5, ADR 069): the venue type of physical events.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const EVENT = `query E($id: ID!) { event(id: $id) { id venueType } }`;
const UPDATE = `mutation U($input: UpdateEventInput!) { updateEvent(input: $input) { event { id venueType } } }`;
const SAVE_DRAFT = `mutation D($input: SaveEventDraftInput!) {
  saveEventDraft(input: $input) { draft { id values { venueType } } } }`;

const venueOf = async (id: string) =>
  (await app.database.db.select({ v: events.venueType }).from(events).where(eq(events.id, id)))[0]?.v;

describe('venue type', () => {
  it('is stored for a physical event, returned, and changed by an edit', async () => {
    const host = await app.newUser();
    const created = await app.gql(
      CREATE_EVENT.replace('publicLocation', 'publicLocation venueType'),
      { input: buildPhysicalEventInput({ venueType: 'PRIVATE_HOME' }) },
      { token: host.token },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data.createEvent.event.id as string;
    expect(created.data.createEvent.event.venueType).toBe('PRIVATE_HOME');
    expect(await venueOf(id)).toBe('private_home');

    // Anybody who can see the event sees its kind of place (it is not the exact place).
    const stranger = await app.newUser();
    const seen = await app.gql(EVENT, { id }, { token: stranger.token });
    expect(seen.data.event.venueType).toBe('PRIVATE_HOME');

    const edited = await app.gql(UPDATE, { input: { id, venueType: 'CAMPUS' } }, { token: host.token });
    expect(edited.errors).toBeUndefined();
    expect(edited.data.updateEvent.event.venueType).toBe('CAMPUS');
    expect(await venueOf(id)).toBe('campus');
    // An edit that does not name it keeps it.
    await app.gql(UPDATE, { input: { id, title: 'Kampüste masa oyunları' } }, { token: host.token });
    expect(await venueOf(id)).toBe('campus');

    // Only the host edits it.
    expectOneError(
      await app.gql(UPDATE, { input: { id, venueType: 'OTHER' } }, { token: stranger.token }),
      'NOT_FOUND',
    );
    expect(await venueOf(id)).toBe('campus');
  });

  it('refuses an unknown value through the schema and through the REST shim, with a clear error', async () => {
    const host = await app.newUser();
    const res = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ venueType: 'CASTLE' }) },
      { token: host.token },
    );
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');

    const input = buildPhysicalEventInput();
    const body = {
      type: 'physical',
      title: 'REST ile ev buluşması',
      description: input.description,
      category: input.category,
      tags: input.tags,
      date: input.date,
      time: input.time,
      duration: '1.5 saat',
      maxParticipants: 6,
      location: { name: 'Moda', lat: 40.98335, lng: 29.02541, address: 'Moda Cd.' },
      public_location: 'Kadıköy, İstanbul',
      coordinates: [29.02541, 40.98335],
      venueType: 'castle',
    };
    const refused = await app.rest('POST', '/private/event', {
      token: host.token,
      body,
      headers: { 'accept-language': 'tr' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Mekân türü listedekilerden biri olmalı.');

    // The legacy body without the new key still creates the event (no venue type), and the legacy
    // read shows the new key beside the old ones.
    const { venueType: _omitted, ...legacy } = body;
    const made = await app.rest('POST', '/private/event', { token: host.token, body: legacy });
    expect(made.status).toBe(201);
    const withHome = await app.rest('POST', '/private/event', {
      token: host.token,
      body: { ...body, title: 'REST ile ev buluşması iki', venueType: 'private_home' },
    });
    expect(withHome.status).toBe(201);
    const [row] = await app.database.db
      .select({ id: events.id, v: events.venueType })
      .from(events)
      .where(and(eq(events.hostId, host.id), eq(events.title, 'REST ile ev buluşması iki')));
    expect(row.v).toBe('private_home');
    const read = await app.rest('GET', `/private/event/${row.id}`, { token: host.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ venueType: 'private_home', public_location: 'Kadıköy, İstanbul' });
  });

  it('is not kept for online events and is remembered by drafts', async () => {
    const host = await app.newUser();
    const res = await app.gql(
      CREATE_EVENT,
      { input: buildOnlineEventInput({ venueType: 'PRIVATE_HOME' }) },
      { token: host.token },
    );
    expect(res.errors).toBeUndefined();
    expect(await venueOf(res.data.createEvent.event.id)).toBeNull();

    const draft = await app.gql(
      SAVE_DRAFT,
      {
        input: {
          mode: 'PHYSICAL',
          step: 2,
          values: { title: 'Evde oyun gecesi', venueType: 'PRIVATE_HOME' },
        },
      },
      { token: host.token },
    );
    expect(draft.errors).toBeUndefined();
    expect(draft.data.saveEventDraft.draft.values.venueType).toBe('PRIVATE_HOME');
  });

  it('sends an accepted guest of a private home the safety tips with the acceptance mail', async () => {
    const host = await app.newUser();
    const home = await createEventAs(app, host, {
      overrides: { venueType: 'PRIVATE_HOME', title: 'Evde kutu oyunları akşamı' },
    });
    const cafe = await createEventAs(app, host, {
      overrides: { venueType: 'CAFE_RESTAURANT', title: 'Kafede kutu oyunları akşamı' },
    });
    const guest = await app.newUser();
    await joinEvent(app, home, host, guest);
    await joinEvent(app, cafe, host, guest);
    const mails = () =>
      app.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, `${guest.sub}@squad.test`), like(mailOutbox.subject, '%kabul edildi%')));
    await vi.waitFor(async () => expect(await mails()).toHaveLength(2), { timeout: 15_000 });
    const all = await mails();
    const homeMail = all.find((m) => m.subject.includes('Evde'))!;
    const cafeMail = all.find((m) => m.subject.includes('Kafede'))!;
    expect(homeMail.text).toContain('İlk buluşmayı mümkünse herkese açık bir yerde yap.');
    expect(homeMail.text).toContain('bir arkadaşına söyle');
    expect(homeMail.text).toContain('Kendi ulaşımını ayarla');
    expect(homeMail.html).toContain('Ev ortamında buluşma: güvenlik ipuçları');
    expect(cafeMail.text).not.toContain('güvenlik ipuçları');
  });
});
