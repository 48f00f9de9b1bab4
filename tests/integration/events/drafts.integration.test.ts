import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Drafts of the create-event wizard (ADR 037): saved with whatever is filled in, seen only by their
// host, never listed, never charged; publishing is createEvent with the draft's id.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const SAVE = `mutation($input: SaveEventDraftInput!) {
  saveEventDraft(input: $input) { draft { id mode step updatedAt values { title description category tags date time
    maxParticipants location { name lat lng } publicLocation skillLevel } } } }`;
const MINE =
  '{ myEventDrafts { id step values { title } } me { tokenBalance } myEventCounts { total hosted } }';
const ONE = 'query($id: ID!) { eventDraft(id: $id) { id values { title } } }';
const DELETE = 'mutation($id: ID!) { deleteEventDraft(input: {id: $id}) { id } }';
const EVENT = 'query($id: ID!) { event(id: $id) { id } }';

async function saveDraft(
  user: TestUser,
  values: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return app.gql(SAVE, { input: { mode: 'PHYSICAL', step: 3, values, ...extra } }, { token: user.token });
}

describe('event drafts', () => {
  it('saves what is filled in without charging, lists it only in My Events drafts, and resumes it', async () => {
    const host = await app.newUser();
    const title = `Taslak piknik ${Date.now()}`;
    const saved = await saveDraft(host, { title, description: 'Yarım', tags: ['piknik'] });
    expect(saved.errors).toBeUndefined();
    const draft = saved.data.saveEventDraft.draft;
    expect(draft).toMatchObject({
      mode: 'PHYSICAL',
      step: 3,
      values: { title, category: null, tags: ['piknik'] },
    });

    const mine = await app.gql(MINE, {}, { token: host.token });
    expect(mine.data.myEventDrafts).toEqual([{ id: draft.id, step: 3, values: { title } }]);
    // No token charged, no event counted or listed.
    expect(mine.data.me.tokenBalance).toBe(5);
    expect(mine.data.myEventCounts).toEqual({ total: 0, hosted: 0 });
    const listed = await app.gql(
      'query($s: String) { events(filter: {search: $s, includePast: true}) { totalCount } }',
      { s: title },
      { token: host.token },
    );
    expect(listed.data.events.totalCount).toBe(0);
    expect((await app.gql(EVENT, { id: draft.id }, { token: host.token })).data.event).toBeNull();

    // Saved again further along: the same draft, newer values.
    const place = buildPhysicalEventInput().location;
    const again = await saveDraft(
      host,
      {
        title,
        description: 'Moda’da piknik',
        category: 'social',
        tags: ['piknik'],
        location: place,
        skillLevel: 'BEGINNER',
      },
      { id: draft.id, step: 5 },
    );
    expect(again.data.saveEventDraft.draft).toMatchObject({
      id: draft.id,
      step: 5,
      values: { category: 'social', location: { name: place.name, lat: place.lat }, skillLevel: 'BEGINNER' },
    });
    expect((await app.gql(ONE, { id: draft.id }, { token: host.token })).data.eventDraft.values.title).toBe(
      title,
    );
  });

  it('is nobody else’s: reading, saving over, deleting or publishing another host’s draft is NOT_FOUND', async () => {
    const host = await app.newUser();
    const other = await app.newUser();
    const { id } = (await saveDraft(host, { title: 'Gizli taslak' })).data.saveEventDraft.draft;
    expectOneError(await app.gql(ONE, { id }, { token: other.token }), 'NOT_FOUND');
    expectOneError(await saveDraft(other, { title: 'Ele geçir' }, { id }), 'NOT_FOUND');
    expectOneError(await app.gql(DELETE, { id }, { token: other.token }), 'NOT_FOUND');
    const stolen = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ draftId: id }) },
      { token: other.token },
    );
    expectOneError(stolen, 'NOT_FOUND');
    const otherNow = await app.gql(MINE, {}, { token: other.token });
    expect(otherNow.data.me.tokenBalance).toBe(5);
    expect(otherNow.data.myEventCounts.total).toBe(0);
    expectOneError(await app.gql(ONE, { id: 'not-a-uuid' }, { token: host.token }), 'NOT_FOUND');
    // Still there for its host.
    expect((await app.gql(ONE, { id }, { token: host.token })).data.eventDraft.values.title).toBe(
      'Gizli taslak',
    );
  });

  it('publishes through createEvent: validated in full, charged once, the draft gone in the same transaction', async () => {
    const host = await app.newUser();
    const { id } = (await saveDraft(host, { title: 'Yayınlanacak' })).data.saveEventDraft.draft;

    // Not valid yet: nothing is created or charged, the draft stays.
    const invalid = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ title: 'x', draftId: id }) },
      { token: host.token },
    );
    expectOneError(invalid, 'BAD_USER_INPUT');
    let mine = await app.gql(MINE, {}, { token: host.token });
    expect(mine.data.me.tokenBalance).toBe(5);
    expect(mine.data.myEventDrafts.map((d: { id: string }) => d.id)).toEqual([id]);

    const published = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ title: 'Yayınlanan taslak', draftId: id }) },
      { token: host.token },
    );
    expect(published.errors).toBeUndefined();
    expect(published.data.createEvent.viewer.tokenBalance).toBe(4);
    mine = await app.gql(MINE, {}, { token: host.token });
    expect(mine.data.myEventDrafts).toEqual([]);
    expect(mine.data.myEventCounts).toEqual({ total: 1, hosted: 1 });

    // Published once: a second publish of the same draft finds nothing and creates nothing.
    const twice = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ draftId: id }) },
      { token: host.token },
    );
    expectOneError(twice, 'NOT_FOUND');
    expect((await app.gql(MINE, {}, { token: host.token })).data.me.tokenBalance).toBe(4);
  });

  it('checks types and lengths on save, step and the cap on drafts', async () => {
    const host = await app.newUser();
    const tooMany = await saveDraft(host, { maxParticipants: 50 });
    const err = expectOneError(tooMany, 'BAD_USER_INPUT');
    expect(JSON.stringify(err.extensions)).toContain('input.values.maxParticipants');
    expectOneError(await saveDraft(host, {}, { step: 1 }), 'BAD_USER_INPUT');
    expectOneError(await saveDraft(host, { title: 'x'.repeat(500) }), 'BAD_USER_INPUT');

    for (let i = 0; i < 20; i++)
      expect((await saveDraft(host, { title: `Taslak ${i}` })).errors).toBeUndefined();
    const twentyFirst = await saveDraft(host, { title: 'Bir tane daha' });
    expect(expectOneError(twentyFirst, 'CONFLICT').message).toContain('En fazla 20 taslak');
    const { id } = (await app.gql(MINE, {}, { token: host.token })).data.myEventDrafts[0];
    expect((await app.gql(DELETE, { id }, { token: host.token })).data.deleteEventDraft.id).toBe(id);
    expect((await saveDraft(host, { title: 'Yer açıldı' })).errors).toBeUndefined();
  });
});
