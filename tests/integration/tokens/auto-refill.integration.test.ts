import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tokenPurchases, users } from '#db/schema/index.ts';
import { fixedClock } from '#server/lib/clock.ts';
import { toTurkeyDateTime } from '#server/lib/turkey-time.ts';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Auto-refill on the sandbox: a purchase saves the card, a spend under the threshold queues a
// refill, the refill charges the saved card off-session at most once a (Turkish) day.
const clock = fixedClock(new Date());
let app: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await startTestApp({ clock });
});
afterAll(() => app?.close());

const AUTO_REFILL = `enabled threshold package { id } paymentMethod { provider brand last4 }`;
const SET = `mutation($input: SetAutoRefillInput!) { setAutoRefill(input: $input) {
  viewer { autoRefill { ${AUTO_REFILL} } } } }`;

async function buyAndSaveCard(user: TestUser) {
  const started = await app.gql(
    `mutation { startTokenPurchase(input: {packageId: "popular", saveMethod: true}) { checkoutUrl } }`,
    undefined,
    { token: user.token },
  );
  if (started.errors) throw new Error(JSON.stringify(started.errors));
  const url = (started.data.startTokenPurchase.checkoutUrl as string).replace(
    'http://squad.test',
    app.baseUrl,
  );
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'result=paid&saveMethod=on',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

async function hostEvent(user: TestUser) {
  const date = toTurkeyDateTime(new Date(clock.now().getTime() + 2 * DAY)).date;
  const res = await app.gql(CREATE_EVENT, { input: buildOnlineEventInput({ date }) }, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createEvent.viewer.tokenBalance as number;
}

const balanceOf = async (user: TestUser) =>
  (await app.gql('{ me { tokenBalance } }', undefined, { token: user.token })).data.me.tokenBalance as number;

const autoRefills = (user: TestUser) =>
  app.database.db.select().from(tokenPurchases).where(eq(tokenPurchases.userId, user.id));

async function queuedRefills(userId: string): Promise<number> {
  const { rows } = await app.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'payments.autoRefill' and data->>'userId' = ${userId}`,
  );
  return (rows[0] as { n: number }).n;
}

describe('auto-refill', () => {
  it('needs a saved card, which a purchase with "save my card" keeps', async () => {
    const user = await app.newUser();
    const refused = await app.gql(SET, { input: { enabled: true } }, { token: user.token });
    const err = expectOneError(refused, 'BAD_USER_INPUT');
    expect(JSON.stringify(err)).toContain('kayıtlı');

    await buyAndSaveCard(user);
    const me = await app.gql(`{ me { autoRefill { ${AUTO_REFILL} } } }`, undefined, { token: user.token });
    expect(me.data.me.autoRefill).toEqual({
      enabled: false,
      threshold: 5,
      package: { id: 'starter' },
      paymentMethod: { provider: 'sandbox', brand: 'visa', last4: '4242' },
    });

    const bad = await app.gql(SET, { input: { enabled: true, threshold: 0 } }, { token: user.token });
    expectOneError(bad, 'BAD_USER_INPUT');
    const on = await app.gql(
      SET,
      { input: { enabled: true, threshold: 3, packageId: 'pro' } },
      { token: user.token },
    );
    expect(on.data.setAutoRefill.viewer.autoRefill).toMatchObject({
      enabled: true,
      threshold: 3,
      package: { id: 'pro' },
    });

    const forgot = await app.gql(
      SET,
      { input: { enabled: true, forgetPaymentMethod: true } },
      { token: user.token },
    );
    expect(forgot.data.setAutoRefill.viewer.autoRefill).toMatchObject({
      enabled: false,
      paymentMethod: null,
    });
  });

  it('a spend under the threshold queues one refill; it charges once a day', async () => {
    const user = await app.newUser();
    await buyAndSaveCard(user); // 17
    await app.gql(
      SET,
      { input: { enabled: true, threshold: 17, packageId: 'starter' } },
      { token: user.token },
    );
    expect(await queuedRefills(user.id)).toBe(0);

    expect(await hostEvent(user)).toBe(16);
    // The nudge is queued after the spend commits (this instance does not work the queue).
    await expect.poll(() => queuedRefills(user.id)).toBe(1);
    expect(await hostEvent(user)).toBe(15);
    // Still one waiting: a second spend does not queue a second refill.
    expect(await queuedRefills(user.id)).toBe(1);

    // The worker's run, three at once (a retried job, two replicas): one charge.
    const runs = await Promise.all([1, 2, 3].map(() => app.services.payments.runAutoRefill(user.id)));
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await balanceOf(user)).toBe(20);
    let purchases = (await autoRefills(user)).filter((p) => p.autoRefill);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ status: 'paid', packageId: 'starter', amountCents: 999 });

    // Over 17 now. With a higher threshold it is under again, but today's refill was made.
    await app.gql(SET, { input: { enabled: true, threshold: 21 } }, { token: user.token });
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(await app.services.payments.autoRefillSweep()).toBe(0);
    expect(await balanceOf(user)).toBe(20);

    const notes = await app.gql('{ notifications { nodes { type text } } }', undefined, {
      token: user.token,
    });
    expect(notes.data.notifications.nodes[0]).toMatchObject({ type: 'PURCHASE_COMPLETED' });
    expect(notes.data.notifications.nodes[0].text).toContain('Otomatik');

    // The next day the sweep catches it (as if the nudge had been lost).
    const today = clock.now();
    try {
      clock.set(new Date(today.getTime() + DAY + 60_000));
      expect(await app.services.payments.autoRefillSweep()).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(user)).toBe(25);
      purchases = (await autoRefills(user)).filter((p) => p.autoRefill);
      expect(purchases).toHaveLength(2);
      // At 25 it is over the threshold: nothing more.
      expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    } finally {
      clock.set(today);
    }
  });

  it('a declined refill turns auto-refill off and says so by e-mail', async () => {
    const user = await app.newUser();
    await buyAndSaveCard(user);
    await app.gql(SET, { input: { enabled: true, threshold: 20 } }, { token: user.token });
    // The bank now declines the saved card off-session (the sandbox's 0341 test card).
    await app.database.db
      .update(users)
      .set({
        paymentMethod: {
          provider: 'sandbox',
          customerId: null,
          methodId: 'pm_sb_0341_test',
          brand: 'visa',
          last4: '0341',
        },
      })
      .where(eq(users.id, user.id));

    const refill = await app.services.payments.runAutoRefill(user.id);
    expect(refill).toMatchObject({ status: 'failed', failureReason: 'card_declined', autoRefill: true });
    expect(await balanceOf(user)).toBe(17);

    const me = await app.gql(`{ me { autoRefill { enabled } } }`, undefined, { token: user.token });
    expect(me.data.me.autoRefill.enabled).toBe(false);
    const [row] = await app.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    await expect
      .poll(async () =>
        (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, row.email!))).map(
          (m) => m.subject,
        ),
      )
      .toContain('Otomatik token yükleme durduruldu');
  });
});
