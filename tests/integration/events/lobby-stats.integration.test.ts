import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/lib/clock.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { ACCEPT, joinRequestSteps } from '#tests/integration/join-requests/join-requests.fixtures.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// The stats strip's 'Açık oyun' counts open games: online events one can still join. This app lives
// in 2090, so only its own events have not ended (the database is shared with other test files).
const clock = fixedClock(new Date('2090-06-01T09:00:00Z'));
let app: TestApp;
const steps = joinRequestSteps(() => app);
beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(() => app?.close());

const STATS = '{ lobbyStats { gamesAvailable } }';
const tomorrow = toTurkeyDateTime(new Date('2090-06-02T18:00:00Z'));

describe('lobby stats: open games', () => {
  it('counts online events that are not over, not cancelled and not full', async () => {
    const host = await app.newUser();
    const open = async () => (await app.gql(STATS, {}, { token: host.token })).data.lobbyStats.gamesAvailable;
    expect(await open()).toBe(0);

    const when = { date: tomorrow.date, time: tomorrow.time };
    const duo = await steps.eventOf(host, { ...when, maxParticipants: 2 }, true);
    const squad = await steps.eventOf(host, { ...when, maxParticipants: 4, platform: 'discord' }, true);
    // Two events of the same game are two open games.
    await steps.eventOf(host, { ...when, maxParticipants: 4 }, true);
    expect(await open()).toBe(3);

    // A full event is no open game.
    for (let i = 0; i < 2; i++) {
      const player = await app.newUser();
      const asked = await steps.ask(player, duo, null);
      const accepted = await app.gql(
        ACCEPT,
        { id: asked.data.requestToJoin.joinRequest.id },
        { token: host.token },
      );
      expect(accepted.errors).toBeUndefined();
    }
    expect(await open()).toBe(2);

    const cancelled = await app.gql(
      'mutation($id: ID!) { cancelEvent(input: {id: $id}) { event { status } } }',
      { id: squad },
      { token: host.token },
    );
    expect(cancelled.data.cancelEvent.event.status).toBe('CANCELLED');
    expect(await open()).toBe(1);

    // Once they are over, none is open.
    clock.set(new Date('2090-06-03T09:00:00Z'));
    expect(await open()).toBe(0);
  });
});
