import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { channels } from '#server/pubsub/channels.ts';
import { startTestApp, subscribe, type TestApp } from '#tests/helpers/test-app.ts';

const BALANCE = 'subscription { tokenBalanceChanged { balance entry { delta reason event { title } } } }';

let a: TestApp;
beforeAll(async () => {
  a = await startTestApp();
});
afterAll(() => a?.close());

describe('tokenBalanceChanged', () => {
  it('tells the user live when creating an event spends a token', async () => {
    const user = await a.newUser();
    const client = a.ws(user.token);
    const sub = subscribe(client, BALANCE);
    await a.subscribed(channels.tokenBalance(user.id));
    const created = await a.gql(
      CREATE_EVENT,
      { input: buildOnlineEventInput({ title: 'Canlı bakiye testi' }) },
      { token: user.token },
    );
    expect(created.errors).toBeUndefined();
    const [msg] = await sub.waitFor(1);
    expect(msg.data).toEqual({
      tokenBalanceChanged: {
        balance: 4,
        entry: { delta: -1, reason: 'EVENT_CREATED', event: { title: 'Canlı bakiye testi' } },
      },
    });
    sub.dispose();
    await client.dispose();
  });

  it('does not leak another user\u2019s balance changes', async () => {
    const alice = await a.newUser();
    const bob = await a.newUser();
    const client = a.ws(alice.token);
    const sub = subscribe(client, BALANCE);
    await a.subscribed(channels.tokenBalance(alice.id));
    await a.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: bob.token });
    // Alice's own change comes after Bob's: had Bob's leaked, it would have arrived first.
    await a.gql(
      CREATE_EVENT,
      { input: buildOnlineEventInput({ title: 'Alice’in etkinliği' }) },
      { token: alice.token },
    );
    const [first] = await sub.waitFor(1);
    expect(first.data.tokenBalanceChanged.entry.event.title).toBe('Alice’in etkinliği');
    expect(sub.received).toHaveLength(1);
    sub.dispose();
    await client.dispose();
  });

  it('refuses a subscription without a token with UNAUTHENTICATED', async () => {
    const client = a.ws();
    const sub = subscribe(client, BALANCE);
    const [msg] = await sub.waitFor(1).catch(() => [sub.received[0]]);
    const errors = (msg?.errors ?? (sub.error as any[])) as { extensions?: { code?: string } }[];
    expect(errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await client.dispose();
  });

  it('validates subscriptions like HTTP requests: unknown fields and syntax errors are refused', async () => {
    const user = await a.newUser();
    const client = a.ws(user.token);
    for (const [query, reason] of [
      ['subscription { tokenBalanceChanged { noSuchField } }', 'GRAPHQL_VALIDATION_FAILED'],
      ['subscription { noSuchSubscription }', 'GRAPHQL_VALIDATION_FAILED'],
      ['subscription { tokenBalanceChanged { balance }', 'GRAPHQL_PARSE_FAILED'],
    ]) {
      const sub = subscribe(client, query);
      await sub.waitFor(1).catch(() => undefined);
      const errors = sub.error as { message: string; extensions?: { code?: string; reason?: string } }[];
      expect(errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', reason });
      expect(sub.received).toHaveLength(0);
    }
    // The connection stays usable for a valid subscription afterwards.
    const ok = subscribe(client, BALANCE);
    await a.subscribed(channels.tokenBalance(user.id));
    await a.gql(CREATE_EVENT, { input: buildOnlineEventInput() }, { token: user.token });
    expect((await ok.waitFor(1))[0].data).toBeTruthy();
    ok.dispose();
    await client.dispose();
  });

  it('closes the socket with 4403 when the token is not valid', async () => {
    const client = a.ws('not-a-token');
    const closed = await new Promise<number>((resolve) => {
      client.on('closed', (event) => resolve((event as { code: number }).code));
    });
    expect(closed).toBe(4403);
    await client.dispose();
  });

  it.skipIf(!inject('redisUrl'))(
    'delivers a change made on instance B to a subscriber on instance A through Redis',
    async () => {
      const b = await startTestApp();
      try {
        expect(a.pubsub.kind).toBe('redis');
        expect(b.pubsub.kind).toBe('redis');
        const user = await a.newUser();
        const client = a.ws(user.token);
        const sub = subscribe(client, BALANCE);
        await a.subscribed(channels.tokenBalance(user.id));
        // The write happens on B; only Redis connects B's publish to A's subscriber.
        const created = await b.gql(
          CREATE_EVENT,
          { input: buildOnlineEventInput({ title: 'B üzerinden' }) },
          { token: user.token },
        );
        expect(created.errors).toBeUndefined();
        const [msg] = await sub.waitFor(1);
        expect(msg.data.tokenBalanceChanged.balance).toBe(4);
        expect(msg.data.tokenBalanceChanged.entry.event.title).toBe('B üzerinden');
        sub.dispose();
        await client.dispose();
      } finally {
        await b.close();
      }
    },
  );
});
