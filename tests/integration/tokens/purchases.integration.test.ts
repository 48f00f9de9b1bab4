import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tokenPurchases, users } from '#db/schema/index.ts';
import { fixedClock } from '#server/lib/clock.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxPayload,
  type SandboxEvent,
} from '#server/modules/payments/providers/provider.sandbox.ts';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Buying token packages on the embedded payment provider (the sandbox): its checkout page posts the
// result, which reaches the payments service as a signed webhook, exactly like a real provider's.
const clock = fixedClock(new Date());
let app: TestApp;
let sandboxSecret: Buffer;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ clock });
  sandboxSecret = await serverSecret(app.database.db, 'payments-sandbox');
});
afterAll(() => app?.close());

const PURCHASE_FIELDS = `id status tokens bonusTokens amount currency method provider autoRefill
  failureReason refundedTokens paidAt tokensExpireAt package { id name }`;

async function start(user: TestUser, packageId: string, saveMethod = false) {
  const res = await app.gql(
    `mutation($input: StartTokenPurchaseInput!) {
      startTokenPurchase(input: $input) { checkoutUrl purchase { ${PURCHASE_FIELDS} } }
    }`,
    { input: { packageId, saveMethod } },
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.startTokenPurchase as { checkoutUrl: string; purchase: Record<string, any> };
}

// What the sandbox's checkout form posts; `result` is its shortcut for tests (no card details).
async function checkout(checkoutUrl: string, form: Record<string, string>) {
  const url = checkoutUrl.replace('http://squad.test', app.baseUrl);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

async function buy(user: TestUser, packageId: string, saveMethod = false) {
  const { checkoutUrl, purchase } = await start(user, packageId, saveMethod);
  const res = await checkout(checkoutUrl, { result: 'paid', ...(saveMethod && { saveMethod: 'on' }) });
  expect(res.status).toBe(303);
  return purchase.id as string;
}

async function purchaseOf(user: TestUser, id: string) {
  const res = await app.gql(
    `query($id: ID!) { tokenPurchase(id: $id) { ${PURCHASE_FIELDS} } }`,
    { id },
    {
      token: user.token,
    },
  );
  return res;
}

async function wallet(user: TestUser) {
  const res = await app.gql(
    `{ me { tokenBalance expiringTokens { tokens expiresAt } }
       tokenLedger(first: 50) { nodes { delta reason balanceAfter cause expiresAt } } }`,
    undefined,
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return {
    balance: res.data.me.tokenBalance as number,
    expiring: res.data.me.expiringTokens as { tokens: number; expiresAt: string }[],
    ledger: res.data.tokenLedger.nodes as Record<string, any>[],
  };
}

function sandboxEvent(purchaseId: string, overrides: Partial<SandboxEvent> = {}): SandboxEvent {
  return {
    id: `evt_test_${crypto.randomUUID()}`,
    type: 'payment.succeeded',
    purchaseId,
    paymentId: `pay_test_${crypto.randomUUID()}`,
    amountCents: 1799,
    currency: 'USD',
    method: 'card',
    createdAt: clock.now().toISOString(),
    ...overrides,
  };
}

function deliver(event: SandboxEvent, options: { secret?: Buffer; at?: Date } = {}) {
  const body = JSON.stringify(event);
  return fetch(`${app.baseUrl}/webhooks/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(
        options.secret ?? sandboxSecret,
        body,
        options.at ?? clock.now(),
      ),
    },
    body,
  });
}

// An online event two days after the app's "now" (the clock moves in some tests).
async function hostEvent(user: TestUser, title: string) {
  const date = toTurkeyDateTime(new Date(clock.now().getTime() + 2 * DAY)).date;
  const res = await app.gql(
    CREATE_EVENT,
    { input: buildOnlineEventInput({ title, date }) },
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent as { event: { id: string }; viewer: { tokenBalance: number } };
}

async function emailOf(user: TestUser) {
  const [row] = await app.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  return row.email!;
}

describe('buying a package on the sandbox', () => {
  it('credits the Popular Pack once: 5 → 17, valid for 60 days, with a receipt', async () => {
    const user = await app.newUser();
    const { checkoutUrl, purchase } = await start(user, 'popular');
    expect(checkoutUrl).toBe(`http://squad.test/checkout/sandbox/${purchase.id}`);
    expect(purchase).toMatchObject({
      status: 'PENDING',
      tokens: 10,
      bonusTokens: 2,
      amount: 17.99,
      currency: 'USD',
      provider: 'sandbox',
      autoRefill: false,
      paidAt: null,
      package: { id: 'popular', name: 'Popular Pack' },
    });

    const page = await fetch(checkoutUrl.replace('http://squad.test', app.baseUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Popular Pack');

    const res = await checkout(checkoutUrl, { result: 'paid' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://squad.test/dashboard/tokens?purchase=${purchase.id}`);

    const paid = await purchaseOf(user, purchase.id);
    expect(paid.data.tokenPurchase).toMatchObject({ status: 'PAID', method: 'CARD', failureReason: null });
    const paidAt = new Date(paid.data.tokenPurchase.paidAt).getTime();
    expect(paidAt).toBe(clock.now().getTime());
    expect(new Date(paid.data.tokenPurchase.tokensExpireAt).getTime()).toBe(paidAt + 60 * DAY);

    const w = await wallet(user);
    expect(w.balance).toBe(17);
    expect(w.ledger[0]).toMatchObject({ delta: 12, reason: 'PURCHASE', balanceAfter: 17 });
    expect(w.ledger[0].cause).toContain('Popular Pack');
    expect(new Date(w.ledger[0].expiresAt).getTime()).toBe(paidAt + 60 * DAY);
    expect(w.expiring).toEqual([{ tokens: 12, expiresAt: new Date(paidAt + 60 * DAY).toISOString() }]);

    // Paying again on the same checkout is refused: it is finished.
    const again = await checkout(checkoutUrl, { result: 'paid' });
    expect(again.status).toBe(409);
    expect((await wallet(user)).balance).toBe(17);

    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, await emailOf(user)));
    const receipts = mails.filter((m) => m.subject.startsWith('Squad makbuzu'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe('Squad makbuzu: Popular Pack (12 token)');
    expect(receipts[0].text).toContain(purchase.id);
    expect(receipts[0].text).toContain('17,99');

    const history = await app.gql(
      '{ tokenPurchases { nodes { id status } } notifications { nodes { type text } } }',
      undefined,
      { token: user.token },
    );
    expect(history.data.tokenPurchases.nodes).toEqual([{ id: purchase.id, status: 'PAID' }]);
    expect(history.errors).toBeUndefined();
    expect(history.data.notifications.nodes[0].type).toBe('PURCHASE_COMPLETED');
    expect(history.data.notifications.nodes[0].text).toContain('Popular Pack');
  });

  it('a declined card fails the purchase and changes nothing else', async () => {
    const user = await app.newUser();
    const { checkoutUrl, purchase } = await start(user, 'starter');
    const res = await checkout(checkoutUrl, { result: 'failed' });
    expect(res.status).toBe(303);
    const failed = await purchaseOf(user, purchase.id);
    expect(failed.data.tokenPurchase.status).toBe('FAILED');
    expect(failed.data.tokenPurchase.failureReason).toMatch(/reddedildi/);
    const w = await wallet(user);
    expect(w.balance).toBe(5);
    expect(w.ledger).toHaveLength(1);
  });

  it('refuses an unknown package and another user’s purchase in Turkish', async () => {
    const user = await app.newUser();
    const other = await app.newUser();
    const bad = await app.gql(
      'mutation { startTokenPurchase(input: {packageId: "mega"}) { checkoutUrl } }',
      undefined,
      { token: user.token },
    );
    const err = expectOneError(bad, 'BAD_USER_INPUT');
    expect(JSON.stringify(err)).toContain('Böyle bir paket yok');

    const { purchase } = await start(user, 'starter');
    const foreign = await purchaseOf(other, purchase.id);
    expect(foreign.errors).toBeUndefined();
    expect(foreign.data.tokenPurchase).toBeNull();
    expect((await purchaseOf(user, purchase.id)).data.tokenPurchase.id).toBe(purchase.id);
    const anonymous = await app.gql('{ tokenPurchases { nodes { id } } }');
    expectOneError(anonymous, 'UNAUTHENTICATED');
  });
});

describe('the sandbox webhook', () => {
  it('credits once however often and however concurrently the success arrives', async () => {
    const user = await app.newUser();
    const { purchase } = await start(user, 'popular');
    const event = sandboxEvent(purchase.id);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    const others = await Promise.all(Array.from({ length: 5 }, () => deliver(sandboxEvent(purchase.id))));
    expect(others.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const w = await wallet(user);
    expect(w.balance).toBe(17);
    expect(w.ledger.filter((e) => e.reason === 'PURCHASE')).toHaveLength(1);
  });

  it('rejects a wrong signature, a stale timestamp and a bare body with 400', async () => {
    const user = await app.newUser();
    const { purchase } = await start(user, 'popular');
    const event = sandboxEvent(purchase.id);
    expect((await deliver(event, { secret: crypto.randomBytes(32) })).status).toBe(400);
    expect((await deliver(event, { at: new Date(clock.now().getTime() - 10 * 60_000) })).status).toBe(400);
    const bare = await fetch(`${app.baseUrl}/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(bare.status).toBe(400);
    expect((await purchaseOf(user, purchase.id)).data.tokenPurchase.status).toBe('PENDING');
    expect((await wallet(user)).balance).toBe(5);

    const unknownProvider = await fetch(`${app.baseUrl}/webhooks/paypal`, { method: 'POST', body: '{}' });
    expect(unknownProvider.status).toBe(404);
  });

  it('does not credit a payment whose amount is not the package’s', async () => {
    const user = await app.newUser();
    const { purchase } = await start(user, 'popular');
    expect((await deliver(sandboxEvent(purchase.id, { amountCents: 99 }))).status).toBe(200);
    const p = await purchaseOf(user, purchase.id);
    expect(p.data.tokenPurchase.status).toBe('FAILED');
    const [row] = await app.database.db
      .select()
      .from(tokenPurchases)
      .where(eq(tokenPurchases.id, purchase.id));
    expect(row.failureReason).toBe('amount_mismatch');
    // What was paid goes back whole (after the commit).
    await expect
      .poll(async () => {
        const [r] = await app.database.db
          .select()
          .from(tokenPurchases)
          .where(eq(tokenPurchases.id, purchase.id));
        return r.refundedCents;
      })
      .toBe(99);
    expect((await wallet(user)).balance).toBe(5);
  });

  it('expires an abandoned checkout, and still credits a success that arrives late', async () => {
    const user = await app.newUser();
    const { checkoutUrl, purchase } = await start(user, 'starter');
    const opened = clock.now();
    try {
      clock.advance(41 * 60_000);
      expect(await app.services.payments.expireStale()).toBeGreaterThanOrEqual(1);
      expect((await purchaseOf(user, purchase.id)).data.tokenPurchase.status).toBe('EXPIRED');
      // Its page no longer takes a card.
      expect((await checkout(checkoutUrl, { result: 'paid' })).status).toBe(409);
      expect((await wallet(user)).balance).toBe(5);

      // The provider had taken the money after all: the purchase is paid and credited.
      const late = sandboxEvent(purchase.id, { amountCents: 999 });
      expect((await deliver(late)).status).toBe(200);
      expect((await purchaseOf(user, purchase.id)).data.tokenPurchase.status).toBe('PAID');
      expect((await wallet(user)).balance).toBe(10);
    } finally {
      clock.set(opened);
    }
  });
});

describe('token lots', () => {
  it('spends what expires first, expires what is left on time, and gives refunds back to their lot', async () => {
    const user = await app.newUser();
    const begin = clock.now();
    try {
      await buy(user, 'starter'); // 5, 30 days
      await buy(user, 'popular'); // 12, 60 days
      expect((await wallet(user)).balance).toBe(22);

      // Two events: both tokens come out of the starter lot (it expires first).
      const created: string[] = [];
      for (const title of ['Kadıköy kutu oyunu', 'Moda kahve buluşması'])
        created.push((await hostEvent(user, title)).event.id);
      let w = await wallet(user);
      expect(w.balance).toBe(20);
      expect(w.expiring.map((e) => e.tokens)).toEqual([3, 12]);

      // Cancelling one (nobody joined, not started) gives its token back to the starter lot.
      const cancelled = await app.gql(
        'mutation($id: ID!) { cancelEvent(input: {id: $id}) { tokenRefunded } }',
        { id: created[0] },
        { token: user.token },
      );
      expect(cancelled.data.cancelEvent.tokenRefunded).toBe(true);
      w = await wallet(user);
      expect(w.balance).toBe(21);
      expect(w.expiring.map((e) => e.tokens)).toEqual([4, 12]);

      // 30 days later the starter lot's 4 expire; running the job again changes nothing.
      clock.set(new Date(begin.getTime() + 30 * DAY + 60_000));
      expect(await app.services.tokens.expireDue()).toBeGreaterThanOrEqual(1);
      expect(await app.services.tokens.expireDue()).toBe(0);
      w = await wallet(user);
      expect(w.balance).toBe(17);
      expect(w.ledger[0]).toMatchObject({ delta: -4, reason: 'EXPIRED', balanceAfter: 17 });
      expect(w.expiring.map((e) => e.tokens)).toEqual([12]);

      // 60 days on, a spend before the job runs: the popular lot expires first, then the
      // never-expiring signup tokens pay for the event.
      clock.set(new Date(begin.getTime() + 60 * DAY + 60_000));
      const late = await hostEvent(user, 'Gece Minecraft sunucusu');
      expect(late.viewer.tokenBalance).toBe(4);
      w = await wallet(user);
      expect(w.ledger.slice(0, 2).map((e) => [e.reason, e.delta])).toEqual([
        ['EVENT_CREATED', -1],
        ['EXPIRED', -12],
      ]);
      expect(w.expiring).toEqual([]);
    } finally {
      clock.set(begin);
    }
  });
});

describe('refunds', () => {
  it('an operator refunds what is unspent, pro rata; others may not', async () => {
    const user = await app.newUser();
    const purchaseId = await buy(user, 'popular');
    // Two tokens spent: they come out of the purchase (it expires; signup tokens never do).
    for (const title of ['İade denemesi bir', 'İade denemesi iki']) await hostEvent(user, title);
    expect((await wallet(user)).balance).toBe(15);

    const REFUND = `mutation($id: ID!) { refundTokenPurchase(input: {purchaseId: $id}) {
      purchase { status refundedTokens } } }`;
    const denied = await app.gql(REFUND, { id: purchaseId }, { token: user.token });
    expectOneError(denied, 'FORBIDDEN');

    const admin = await app.newUser();
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    // The viewer's role is cached for a minute; an operator's promotion applies at once here.
    app.services.users.forget(admin.sub);
    const refunded = await app.gql(REFUND, { id: purchaseId }, { token: admin.token });
    expect(refunded.errors).toBeUndefined();
    expect(refunded.data.refundTokenPurchase.purchase).toEqual({ status: 'REFUNDED', refundedTokens: 10 });
    const [row] = await app.database.db
      .select()
      .from(tokenPurchases)
      .where(and(eq(tokenPurchases.id, purchaseId), eq(tokenPurchases.userId, user.id)));
    expect(row.refundedCents).toBe(Math.round((1799 * 10) / 12));

    const w = await wallet(user);
    expect(w.balance).toBe(5);
    expect(w.ledger[0]).toMatchObject({ delta: -10, reason: 'PURCHASE_REFUND', balanceAfter: 5 });
    expect(w.expiring).toEqual([]);
    expectOneError(await app.gql(REFUND, { id: purchaseId }, { token: admin.token }), 'CONFLICT');
  });
});
