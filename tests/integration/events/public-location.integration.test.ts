import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#db/schema/index.ts';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Issue 27 point 1, server side (ADR 070): an event whose public text names a district or province
// away from its exact point is refused on every path (create, series, draft publish, update, REST),
// with a Turkish message on the field `publicLocation`; free text naming no place is the host's.
let app: TestApp;
let host: TestUser;
beforeAll(async () => {
  app = await startTestApp();
  host = await app.newUser();
});
afterAll(() => app?.close());

// Issue 27's case: the search moved the point to Çorlu (Tekirdağ), the text still said Kadıköy.
const CORLU = { name: 'Çorlu', address: 'Çorlu, Tekirdağ', lat: 41.159, lng: 27.8 };
// "Taksim" after a right-click at Moda: the point crossed the Bosphorus, the text did not.
const TAKSIM = { name: 'Taksim Meydanı', address: 'Taksim, Beyoğlu', lat: 41.0369, lng: 28.985 };
const FAR_MESSAGE =
  'Herkese görünen konum "Kadıköy" diyor, ama haritada seçtiğin nokta orada değil. Konum metnini ya da noktayı düzelt.';

const UPDATE = `mutation($input: UpdateEventInput!) { updateEvent(input: $input) { event { id publicLocation } } }`;
const SAVE_DRAFT = `mutation($input: SaveEventDraftInput!) { saveEventDraft(input: $input) { draft { id } } }`;

function refusedOnField(res: Parameters<typeof expectOneError>[0], message = FAR_MESSAGE) {
  const err = expectOneError(res, 'BAD_USER_INPUT');
  expect(err.extensions?.field).toBe('input.publicLocation');
  expect(err.message).toBe(message);
}

describe('the public location text agrees with the exact point', () => {
  it('refuses "Kadıköy, İstanbul" at Çorlu and at Taksim, and creates nothing', async () => {
    for (const location of [CORLU, TAKSIM]) {
      const res = await app.gql(
        CREATE_EVENT,
        { input: buildPhysicalEventInput({ title: `Yanlış yer ${location.name}`, location }) },
        { token: host.token },
      );
      refusedOnField(res);
    }
    const ankara = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ location: CORLU, publicLocation: 'Ankara' }) },
      { token: host.token },
    );
    refusedOnField(
      ankara,
      'Herkese görünen konum "Ankara" diyor, ama haritada seçtiğin nokta orada değil. Konum metnini ya da noktayı düzelt.',
    );
    const rows = await app.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.hostId, host.id));
    expect(rows).toEqual([]);
    const me = await app.gql('{ me { tokenBalance } }', {}, { token: host.token });
    expect(me.data.me.tokenBalance).toBe(5);
  });

  it('answers in English when asked', async () => {
    const res = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ location: CORLU }) },
      { token: host.token, headers: { 'accept-language': 'en' } },
    );
    const err = expectOneError(res, 'BAD_USER_INPUT');
    expect(err.message).toContain('The public location says "Kadıköy"');
  });

  it('accepts the district around the point, a neighbour a few km away, and free text', async () => {
    for (const [publicLocation, location] of [
      ['Çorlu, Tekirdağ', CORLU],
      ['Beyoğlu, İstanbul', TAKSIM],
      ['Şişli, İstanbul', TAKSIM],
      ['Zorlu Center önü', CORLU],
    ] as const) {
      const res = await app.gql(
        CREATE_EVENT,
        {
          input: buildPhysicalEventInput({ title: `Doğru yer ${publicLocation}`, location, publicLocation }),
        },
        { token: host.token },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data.createEvent.event.publicLocation).toBe(publicLocation);
    }
  });

  it('refuses a series and a draft publish the same way, and keeps the draft', async () => {
    const user = await app.newUser();
    const series = await app.gql(
      CREATE_EVENT,
      {
        input: buildPhysicalEventInput({ location: CORLU, recurrence: { frequency: 'WEEKLY', count: 3 } }),
      },
      { token: user.token },
    );
    refusedOnField(series);
    const saved = await app.gql(
      SAVE_DRAFT,
      {
        input: {
          mode: 'PHYSICAL',
          step: 5,
          values: { title: 'Taslak', publicLocation: 'Kadıköy, İstanbul' },
        },
      },
      { token: user.token },
    );
    expect(saved.errors).toBeUndefined();
    const draftId = saved.data.saveEventDraft.draft.id;
    const published = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ location: TAKSIM, draftId }) },
      { token: user.token },
    );
    refusedOnField(published);
    const drafts = await app.gql('{ myEventDrafts { id } }', {}, { token: user.token });
    expect(drafts.data.myEventDrafts).toEqual([{ id: draftId }]);
  });

  it('refuses an update that moves the point away from the text, or the text away from the point', async () => {
    const user = await app.newUser();
    const made = await app.gql(CREATE_EVENT, { input: buildPhysicalEventInput() }, { token: user.token });
    expect(made.errors).toBeUndefined();
    const id = made.data.createEvent.event.id;
    refusedOnField(await app.gql(UPDATE, { input: { id, location: TAKSIM } }, { token: user.token }));
    const moved = await app.gql(
      UPDATE,
      { input: { id, publicLocation: 'Çankaya, Ankara' } },
      { token: user.token },
    );
    refusedOnField(
      moved,
      'Herkese görünen konum "Çankaya" diyor, ama haritada seçtiğin nokta orada değil. Konum metnini ya da noktayı düzelt.',
    );
    // Both together, agreeing, are fine.
    const both = await app.gql(
      UPDATE,
      { input: { id, location: TAKSIM, publicLocation: 'Beyoğlu, İstanbul' } },
      { token: user.token },
    );
    expect(both.errors).toBeUndefined();
    expect(both.data.updateEvent.event.publicLocation).toBe('Beyoğlu, İstanbul');
  });

  it('refuses it through the REST shim with the Turkish message, and creates the agreeing one', async () => {
    const user = await app.newUser();
    const input = buildPhysicalEventInput();
    const body = {
      type: 'physical',
      title: 'REST ile yanlış yer',
      description: input.description,
      category: input.category,
      tags: input.tags,
      date: input.date,
      time: input.time,
      duration: '1.5 saat',
      maxParticipants: 6,
      location: { name: 'Çorlu Meydanı', lat: CORLU.lat, lng: CORLU.lng, address: 'Çorlu' },
      public_location: 'Kadıköy, İstanbul',
      coordinates: [CORLU.lng, CORLU.lat],
    };
    const refused = await app.rest('POST', '/private/event', {
      token: user.token,
      body,
      headers: { 'accept-language': 'tr' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Herkese görünen konum \\"Kadıköy\\" diyor');
    const made = await app.rest('POST', '/private/event', {
      token: user.token,
      body: { ...body, title: 'REST ile doğru yer', public_location: 'Çorlu, Tekirdağ' },
    });
    expect(made.status).toBe(201);
    const rows = await app.database.db
      .select({ title: events.title, publicLocation: events.publicLocation })
      .from(events)
      .where(and(eq(events.hostId, user.id)));
    expect(rows).toEqual([{ title: 'REST ile doğru yer', publicLocation: 'Çorlu, Tekirdağ' }]);
  });
});
