import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const MARK = `mutation Mark($input: MarkNotificationsReadInput!) { markNotificationsRead(input: $input) { unreadCount } }`;
const LIST = '{ unreadNotificationCount notifications { nodes { id readAt } } }';

// The host gets a notification when someone asks to join.
async function hostWithNotification(): Promise<{ host: TestUser; ids: string[] }> {
  const host = await app.newUser();
  const guest = await app.newUser();
  const created = await app.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: host.token });
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const asked = await app.gql(
    'mutation($input: RequestToJoinInput!) { requestToJoin(input: $input) { joinRequest { id } } }',
    { input: { eventId: created.data.createEvent.event.id, message: 'Selam, ben de geleyim' } },
    { token: guest.token },
  );
  if (asked.errors) throw new Error(JSON.stringify(asked.errors));
  const list = await app.gql(LIST, undefined, { token: host.token });
  return { host, ids: list.data.notifications.nodes.map((n: { id: string }) => n.id) };
}

describe('markNotificationsRead', () => {
  it('marks the viewer’s own notifications read', async () => {
    const { host, ids } = await hostWithNotification();
    expect(ids.length).toBeGreaterThan(0);
    const res = await app.gql(MARK, { input: { ids } }, { token: host.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.markNotificationsRead.unreadCount).toBe(0);
  });

  it('answers NOT_FOUND for another user’s notification ids and changes nothing', async () => {
    const { host, ids } = await hostWithNotification();
    const stranger = await app.newUser();
    const res = await app.gql(MARK, { input: { ids } }, { token: stranger.token });
    const err = expectOneError(res, 'NOT_FOUND');
    expect(err.message).toBe('Aradığın şey bulunamadı.');
    const after = await app.gql(LIST, undefined, { token: host.token });
    expect(after.data.unreadNotificationCount).toBe(ids.length);
  });

  it('answers NOT_FOUND when one id of several is not the viewer’s, and marks none', async () => {
    const mine = await hostWithNotification();
    const theirs = await hostWithNotification();
    const res = await app.gql(
      MARK,
      { input: { ids: [...mine.ids, ...theirs.ids] } },
      { token: mine.host.token, headers: { 'accept-language': 'en' } },
    );
    expect(expectOneError(res, 'NOT_FOUND').message).toBe('Not found.');
    const after = await app.gql(LIST, undefined, { token: mine.host.token });
    expect(after.data.unreadNotificationCount).toBe(mine.ids.length);
  });

  it('answers NOT_FOUND for ids that do not exist or are not ids', async () => {
    const user = await app.newUser();
    for (const ids of [['00000000-0000-4000-8000-000000000000'], ['nope']]) {
      expectOneError(await app.gql(MARK, { input: { ids } }, { token: user.token }), 'NOT_FOUND');
    }
  });
});
