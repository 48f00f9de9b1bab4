import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokensRepository } from '#server/modules/tokens/tokens.repository.ts';
import { buildOnlineEventInput, buildPhysicalEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('token balance', () => {
  it('grants 5 tokens to a new user with one ledger entry', async () => {
    const user = await app.newUser();
    const res = await app.gql(
      '{ me { tokenBalance } tokenLedger { nodes { delta reason balanceAfter } } }',
      undefined,
      { token: user.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.me.tokenBalance).toBe(5);
    expect(res.data.tokenLedger.nodes).toEqual([{ delta: 5, reason: 'SIGNUP_GRANT', balanceAfter: 5 }]);
  });

  it('creates the user row once even when the first requests arrive together', async () => {
    const { token } = await app.newIdentity();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => app.gql('{ me { id tokenBalance } }', undefined, { token })),
    );
    const ids = new Set(results.map((r) => r.data.me.id));
    expect(ids.size).toBe(1);
    const ledger = await app.gql('{ tokenLedger { nodes { reason } } }', undefined, { token });
    expect(ledger.data.tokenLedger.nodes).toHaveLength(1);
  });

  it('20 parallel createEvent calls with a balance of 5 create exactly 5 events and leave 0', async () => {
    const user = await app.newUser();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.gql(
          CREATE_EVENT,
          { input: buildOnlineEventInput({ title: `Paralel etkinlik ${i}` }) },
          { token: user.token },
        ),
      ),
    );
    const ok = attempts.filter((r) => !r.errors);
    const refused = attempts.filter((r) => r.errors);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      const err = expectOneError(r, 'INSUFFICIENT_TOKENS');
      expect(err.message).toBe('Yetersiz token! Etkinlik oluşturmak için en az 1 token gerekli.');
    }
    const balances = ok.map((r) => r.data.createEvent.viewer.tokenBalance).sort();
    expect(balances).toEqual([0, 1, 2, 3, 4]);

    const state = await app.gql(
      `{ me { tokenBalance stats { eventsHosted } } tokenLedger(first: 50) { nodes { delta balanceAfter } } }`,
      undefined,
      { token: user.token },
    );
    expect(state.data.me.tokenBalance).toBe(0);
    expect(state.data.me.stats.eventsHosted).toBe(5);
    const ledger = state.data.tokenLedger.nodes as { delta: number; balanceAfter: number }[];
    expect(ledger).toHaveLength(6);
    // The cached balance equals the ledger's sum and every entry's running balance is consistent.
    expect(ledger.reduce((s, e) => s + e.delta, 0)).toBe(0);
    expect(ledger.map((e) => e.balanceAfter).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses the REST create with 402 and {reason} once the balance is 0', async () => {
    const user = await app.newUser();
    for (let i = 0; i < 5; i++) {
      const r = await app.rest('POST', '/private/event', {
        token: user.token,
        body: { ...legacyPayload(), title: `REST etkinliği ${i}` },
      });
      expect(r.status).toBe(201);
      expect(r.body).toBe('Etkinlik başarıyla oluşturuldu.');
    }
    const refused = await app.rest('POST', '/private/event', { token: user.token, body: legacyPayload() });
    expect(refused.status).toBe(402);
    expect(refused.body.reason).toBe('Yetersiz token! Etkinlik oluşturmak için en az 1 token gerekli.');
    expect(refused.body.code).toBe('INSUFFICIENT_TOKENS');
    const profile = await app.rest('GET', '/private/profile', { token: user.token });
    expect(profile.body.eventLimit).toBe(0);
  });

  it('does not charge when the event is invalid', async () => {
    const user = await app.newUser();
    const bad = await app.gql(
      CREATE_EVENT,
      { input: buildPhysicalEventInput({ location: null }) },
      { token: user.token },
    );
    const err = expectOneError(bad, 'BAD_USER_INPUT');
    expect(err.extensions?.field).toBe('input.location');
    const me = await app.gql('{ me { tokenBalance } }', undefined, { token: user.token });
    expect(me.data.me.tokenBalance).toBe(5);
  });
});

function legacyPayload() {
  const input = buildPhysicalEventInput();
  return {
    type: 'physical',
    title: input.title,
    description: input.description,
    category: input.category,
    tags: input.tags,
    date: input.date,
    time: input.time,
    duration: '1.5 saat',
    maxParticipants: 6,
    location: { name: 'Moda Sahil', lat: 40.98335, lng: 29.02541, address: 'Moda Cd.' },
    public_location: 'Kadıköy, İstanbul',
    price: 0,
    coordinates: [29.02541, 40.98335],
  };
}

describe('token history order', () => {
  it('lists entries in the order they were applied, also within one transaction', async () => {
    const user = await app.newUser();
    // Several entries in one transaction share the transaction's start time (now()); so do
    // entries of transactions that started together. The history follows the ledger's sequence.
    const repo = createTokensRepository(app.database.db);
    await app.database.db.transaction(async (tx) => {
      for (let i = 0; i < 8; i++) {
        const entry = { userId: user.id, idempotencyKey: `order-test:${user.id}:${i}` };
        if (i % 2 === 0)
          await repo.credit(tx, { ...entry, delta: 3, reason: 'adjustment', source: 'adjustment' });
        else await repo.debit(tx, { ...entry, delta: -1, reason: 'event_created' }, new Date());
      }
    });
    const res = await app.gql(
      '{ me { tokenBalance } tokenLedger(first: 50) { nodes { delta balanceAfter } } }',
      undefined,
      { token: user.token },
    );
    const nodes: { delta: number; balanceAfter: number }[] = res.data.tokenLedger.nodes;
    expect(nodes).toHaveLength(9);
    expect(nodes[0].balanceAfter).toBe(res.data.me.tokenBalance);
    // Newest first: each entry's balance before it is the next (older) entry's balance after.
    for (let i = 0; i < nodes.length - 1; i++) {
      expect(nodes[i].balanceAfter - nodes[i].delta).toBe(nodes[i + 1].balanceAfter);
    }
    // Paging keeps the order: two pages of 4 and the rest.
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const p: any = await app.gql(
        'query($after: String) { tokenLedger(first: 4, after: $after) { nodes { balanceAfter } pageInfo { endCursor } } }',
        { after },
        { token: user.token },
      );
      seen.push(...p.data.tokenLedger.nodes.map((n: { balanceAfter: number }) => n.balanceAfter));
      after = p.data.tokenLedger.pageInfo.endCursor;
    }
    expect(seen).toEqual(nodes.map((n) => n.balanceAfter));
  });
});
