import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixedClock } from '#server/lib/clock.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import { chat, DOCS, groupOf, ok } from './social.fixtures.ts';

// Chat limits per member per conversation (ADR 056): a burst of 8 in 10 s, 20 a minute. The
// counters are Redis's when the run has Redis (shared by instances), this instance's memory otherwise.

const TOO_FAST_TR = /^Çok hızlı mesaj gönderiyorsun\. (\d+) saniye sonra tekrar dene\.$/;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

// Varied texts: identical ones are the content check's business, not the limit's.
let n = 0;
const text = () => `Sahada görüşürüz, ${++n}. mesajım: ${Math.random().toString(36).slice(2, 8)}`;

async function sendMany(on: TestApp, who: TestUser, conversationId: string, count: number) {
  for (let i = 0; i < count; i++) ok(await chat(on, who, conversationId, text()));
}

const bodiesOf = async (on: TestApp, who: TestUser, id: string) =>
  (
    ok(await on.gql(DOCS.conversation, { id }, { token: who.token })).conversationById.messagePage.nodes as {
      body: string;
      sender: { id: string };
    }[]
  ).map((m) => m.body);

describe('chat rate limit', () => {
  it('refuses the ninth message of a burst with RATE_LIMITED and says when to try again; nothing is stored', async () => {
    const [host, a, b] = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    const { groupId } = await groupOf(app, host, [a, b]);
    await sendMany(app, a, groupId, 8);

    const refusedBody = 'Bu mesaj sınırın ötesinde kalmalı';
    const refused = await chat(app, a, groupId, refusedBody);
    const err = expectOneError(refused, 'RATE_LIMITED');
    expect(err.message).toMatch(TOO_FAST_TR);
    expect(err.extensions).toMatchObject({ reason: 'MESSAGES_TOO_FAST' });
    const seconds = err.extensions!.retryAfterSeconds as number;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(10);
    expect(err.message).toBe(`Çok hızlı mesaj gönderiyorsun. ${seconds} saniye sonra tekrar dene.`);

    const english = await app.gql(
      DOCS.chat,
      { input: { conversationId: groupId, body: refusedBody } },
      { token: a.token, headers: { 'accept-language': 'en' } },
    );
    expect(expectOneError(english, 'RATE_LIMITED').message).toMatch(
      /^You are sending messages too fast\. Try again in \d+ s\.$/,
    );

    const bodies = await bodiesOf(app, host, groupId);
    expect(bodies).toHaveLength(8);
    expect(bodies).not.toContain(refusedBody);
  });

  it('limits one member in one conversation: other members and the same member elsewhere write on', async () => {
    const [host, a, b] = await Promise.all([app.newUser(), app.newUser(), app.newUser()]);
    const { groupId } = await groupOf(app, host, [a, b]);
    // a's direct conversation with the host (they take part in the event together).
    const direct = ok(await app.gql(DOCS.start, { input: { userId: host.id } }, { token: a.token }))
      .startDirectConversation.conversation.id as string;
    await sendMany(app, a, groupId, 8);
    expectOneError(await chat(app, a, groupId, text()), 'RATE_LIMITED');

    await sendMany(app, b, groupId, 8);
    await sendMany(app, host, groupId, 1);
    await sendMany(app, a, direct, 8);
    expectOneError(await chat(app, b, groupId, text()), 'RATE_LIMITED');
  });

  // With Redis the counters are shared: a second instance refuses what the first has used up.
  it.runIf(Boolean(inject('redisUrl')))('shares the counters between instances (Redis)', async () => {
    const other = await startTestApp();
    try {
      const [host, a] = await Promise.all([app.newUser(), app.newUser()]);
      const { groupId } = await groupOf(app, host, [a]);
      await sendMany(app, a, groupId, 4);
      await sendMany(other, a, groupId, 4);
      expectOneError(await chat(other, a, groupId, text()), 'RATE_LIMITED');
      expectOneError(await chat(app, a, groupId, text()), 'RATE_LIMITED');
    } finally {
      await other.close();
    }
  });
});

// The windows on a controlled clock: this instance counts in memory (no Redis), so the clock moves
// the windows.
describe('chat rate limit over time (controlled clock)', () => {
  const clock = fixedClock(new Date());
  let timed: TestApp;
  beforeAll(async () => {
    timed = await startTestApp({ clock, env: { REDIS_URL: '' } });
  });
  afterAll(() => timed?.close());

  it('allows 20 a minute in bursts of 8, and resets when the windows end', async () => {
    const [host, a] = await Promise.all([timed.newUser(), timed.newUser()]);
    const { groupId } = await groupOf(timed, host, [a]);
    // The minute window opens with the first message.
    await sendMany(timed, a, groupId, 8);
    expectOneError(await chat(timed, a, groupId, text()), 'RATE_LIMITED');
    clock.advance(10_000);
    // The refused attempt counted in the minute: 8 + 1 + 8 = 17.
    await sendMany(timed, a, groupId, 8);
    clock.advance(10_000);
    await sendMany(timed, a, groupId, 3);
    // A fresh burst window, but the minute is used up: refused until the minute ends.
    const err = expectOneError(await chat(timed, a, groupId, text()), 'RATE_LIMITED');
    const seconds = err.extensions!.retryAfterSeconds as number;
    expect(seconds).toBeGreaterThan(10);
    expect(seconds).toBeLessThanOrEqual(40);
    clock.advance(seconds * 1000);
    await sendMany(timed, a, groupId, 8);
    expect(await bodiesOf(timed, host, groupId)).toHaveLength(27);
  });
});
