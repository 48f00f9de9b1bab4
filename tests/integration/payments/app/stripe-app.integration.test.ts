import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { startFakeStripe, stripeWebhook, type FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import {
  DAY_MS,
  eventsOf,
  mailsTo,
  purchaseNotifications,
  purchaseOf,
  purchaseRow,
  SET_AUTO_REFILL,
  setPaymentMethod,
  START_PURCHASE,
  startPurchase,
  userRow,
  wallet,
} from './payments-app.helpers.ts';

// The whole app on Stripe: GraphQL opens a Checkout Session on the local fake of Stripe's API, the
// test plays Stripe's side by posting signed webhooks to /webhooks/stripe, and auto-refill charges
// the saved card off-session through the fake.
const SECRET_KEY = 'sk_test_squad_app';
const WEBHOOK_SECRET = 'whsec_squad_app_test';

let stripe: FakeStripe;
let app: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  app = await startTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;

function event(type: string, object: Record<string, unknown>, id = randomId('evt_test')) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

async function post(
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, body: await res.json() };
}

// Posts an event the way Stripe does: the raw JSON with its Stripe-Signature header.
function deliver(payload: object, secret = WEBHOOK_SECRET) {
  const { body, signature } = stripeWebhook(payload, secret);
  return post('/webhooks/stripe', body, { 'stripe-signature': signature });
}

// A purchase opened through GraphQL, with what the fake was asked and the Checkout Session it made.
async function checkout(user: TestUser, packageId: string, saveMethod?: boolean) {
  const started = await startPurchase(app, user, { packageId, ...(saveMethod ? { saveMethod } : {}) });
  const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
  expect(created).toHaveLength(1);
  const sessionId = started.checkoutUrl.replace('https://checkout.stripe.com/c/pay/', '');
  expect(sessionId).toMatch(/^cs_test_[0-9a-f]{24}$/);
  return { ...started, params: created[0].params, headers: created[0].headers, sessionId };
}

// The Checkout Session as Stripe sends it in checkout.session.completed once it was paid.
function paidSession(
  purchaseId: string,
  sessionId: string,
  amountCents: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    id: sessionId,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: amountCents,
    currency: 'usd',
    client_reference_id: purchaseId,
    metadata: { purchaseId },
    payment_intent: 'pi_' + sessionId.slice(8),
    payment_method_types: ['card'],
    customer: 'cus_' + sessionId.slice(8, 20),
    ...overrides,
  };
}

// The PaymentIntent of a paid session that keeps the card (setup_future_usage), as in
// payment_intent.succeeded.
function savedCardIntent(purchaseId: string, session: ReturnType<typeof paidSession>, methodId: string) {
  return {
    id: session.payment_intent,
    object: 'payment_intent',
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: 'usd',
    status: 'succeeded',
    customer: session.customer,
    payment_method: methodId,
    payment_method_types: ['card'],
    setup_future_usage: 'off_session',
    metadata: { purchaseId },
    last_payment_error: null,
  };
}

async function emailOf(user: TestUser) {
  const row = await userRow(app, user.id);
  expect(row.email).toBe(`${user.sub}@squad.test`);
  return row.email!;
}

// Spends `count` tokens the ordinary way: creating events.
async function spend(user: TestUser, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await app.gql(
      CREATE_EVENT,
      { input: buildOnlineEventInput({ title: `Otomatik yükleme denemesi ${i + 1}` }) },
      { token: user.token },
    );
    expect(res.errors).toBeUndefined();
  }
}

const signupEntry = { delta: 5, reason: 'SIGNUP_GRANT', balanceAfter: 5 };

describe('buying a package through Stripe Checkout', () => {
  it('opens a Checkout Session, and a signed checkout.session.completed credits 12 tokens once', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { checkoutUrl, purchase, params, headers, sessionId } = await checkout(user, 'popular');

    expect(checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    expect(purchase).toMatchObject({
      package: { id: 'popular' },
      tokens: 10,
      bonusTokens: 2,
      amount: 17.99,
      currency: 'USD',
      status: 'PENDING',
      method: null,
      provider: 'stripe',
      autoRefill: false,
      failureReason: null,
      paidAt: null,
      tokensExpireAt: null,
    });
    // What the app asked Stripe for.
    expect(headers['idempotency-key']).toBe(`checkout:${purchase.id}`);
    expect(params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1799',
      'line_items[0][price_data][product_data][name]': 'Popular Pack',
      'line_items[0][price_data][product_data][description]': '12 token (10 + 2 bonus)',
      client_reference_id: purchase.id,
      'metadata[purchaseId]': purchase.id,
      'payment_intent_data[metadata][purchaseId]': purchase.id,
      customer_creation: 'always',
      customer_email: email,
      success_url: `http://squad.test/dashboard/tokens?purchase=${purchase.id}`,
      cancel_url: `http://squad.test/dashboard/tokens?purchase=${purchase.id}&cancelled=1`,
      locale: 'tr',
    });
    expect(params['payment_intent_data[setup_future_usage]']).toBeUndefined();
    const stored = await purchaseRow(app, purchase.id);
    expect(stored).toMatchObject({ providerRef: sessionId, checkoutUrl, status: 'pending' });

    // Nothing is credited before Stripe says so.
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);

    const completed = event('checkout.session.completed', paidSession(purchase.id, sessionId, 1799));
    expect(await deliver(completed)).toEqual({ status: 200, body: { received: true } });

    const paid = await purchaseOf(app, user, purchase.id);
    expect(paid).toMatchObject({ status: 'PAID', method: 'CARD', failureReason: null });
    const paidAt = new Date(paid!.paidAt).getTime();
    expect(Math.abs(paidAt - Date.now())).toBeLessThan(60_000);
    expect(new Date(paid!.tokensExpireAt).getTime()).toBe(paidAt + 60 * DAY_MS);
    const row = await purchaseRow(app, purchase.id);
    expect(row).toMatchObject({
      status: 'paid',
      providerPaymentId: `pi_${sessionId.slice(8)}`,
      method: 'card',
    });

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(17);
    expect(after.tokenLedger.nodes).toEqual([
      {
        delta: 12,
        reason: 'PURCHASE',
        balanceAfter: 17,
        cause: 'Popular Pack satın alındı',
        expiresAt: new Date(paidAt + 60 * DAY_MS).toISOString(),
      },
      { ...signupEntry, cause: 'Hoş geldin hediyesi', expiresAt: null },
    ]);
    expect(after.tokenPurchases.nodes).toEqual([{ id: purchase.id, status: 'PAID' }]);
    expect(await eventsOf(app, purchase.id)).toEqual([{ eventId: completed.id, outcome: 'paid' }]);

    // The receipt, in the outbox of the embedded mailer.
    const mails = await mailsTo(app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Squad makbuzu: Popular Pack (12 token)');
    expect(mails[0].text).toContain('Ödemen alındı, 12 token hesabına eklendi.');
    expect(mails[0].text).toContain('Token: 10 + 2 bonus');
    expect(mails[0].text).toContain(`Makbuz no: ${purchase.id}`);
    expect(mails[0].text).toContain('Token geçmişin: http://squad.test/dashboard/tokens');
    expect(await purchaseNotifications(app, user.id)).toEqual([
      {
        purchaseId: purchase.id,
        packageId: 'popular',
        outcome: 'paid',
        tokens: 12,
        autoRefill: false,
      },
    ]);
  });

  it('credits once whatever Stripe repeats: the same event, another event of the session', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const session = paidSession(purchase.id, sessionId, 1799);
    const completed = event('checkout.session.completed', session);

    expect((await deliver(completed)).status).toBe(200);
    // Stripe retries the same event (a lost 200), then sends a second event about the same payment.
    expect((await deliver(completed)).status).toBe(200);
    const again = event('checkout.session.completed', session);
    expect((await deliver(again)).status).toBe(200);
    const intent = event('payment_intent.succeeded', {
      ...savedCardIntent(purchase.id, session, 'pm_1Visa'),
      setup_future_usage: null,
    });
    expect((await deliver(intent)).status).toBe(200);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(17);
    expect(after.tokenLedger.nodes.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([
      ['PURCHASE', 12, 17],
      ['SIGNUP_GRANT', 5, 5],
    ]);
    expect((await purchaseOf(app, user, purchase.id))!.status).toBe('PAID');
    // Each distinct event is recorded once; the replay is not.
    expect(await eventsOf(app, purchase.id)).toEqual(
      [
        { eventId: completed.id, outcome: 'paid' },
        { eventId: again.id, outcome: 'paid' },
        { eventId: intent.id, outcome: 'paid' },
      ].sort((a, b) => a.eventId.localeCompare(b.eventId)),
    );
    expect(await mailsTo(app, email)).toHaveLength(1);
    expect(await purchaseNotifications(app, user.id)).toHaveLength(1);
  });

  it('credits once when five deliveries of a pending purchase arrive at the same time', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const session = paidSession(purchase.id, sessionId, 1799);
    const completed = event('checkout.session.completed', session);
    const other = event('checkout.session.async_payment_succeeded', session);
    // Three copies of one event and two of another, all at once.
    const results = await Promise.all([completed, completed, other, completed, other].map((e) => deliver(e)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(17);
    expect(after.tokenLedger.nodes.map((e) => [e.reason, e.delta, e.balanceAfter])).toEqual([
      ['PURCHASE', 12, 17],
      ['SIGNUP_GRANT', 5, 5],
    ]);
    expect((await purchaseRow(app, purchase.id)).status).toBe('paid');
    expect(await eventsOf(app, purchase.id)).toHaveLength(2);
    expect(await mailsTo(app, email)).toHaveLength(1);
  });

  it('answers 400 to a bad signature and 200 to events about nothing it sold, changing nothing', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const completed = event('checkout.session.completed', paidSession(purchase.id, sessionId, 1799));

    // Signed with someone else's secret, a tampered body, no signature at all.
    const forged = await deliver(completed, 'whsec_someone_else');
    expect(forged).toEqual({ status: 400, body: { received: false, error: 'invalid signature' } });
    const { body, signature } = stripeWebhook(completed, WEBHOOK_SECRET);
    const tampered = await post('/webhooks/stripe', body.replace('"amount_total":1799', '"amount_total":1'), {
      'stripe-signature': signature,
    });
    expect(tampered.status).toBe(400);
    expect((await post('/webhooks/stripe', body, {})).status).toBe(400);

    // Event types that do not concern a purchase, an unpaid session, a purchase nobody made.
    expect(await deliver(event('customer.created', { id: 'cus_X1', object: 'customer' }))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(
      (await deliver(event('charge.refunded', { id: 'ch_X1', object: 'charge', amount: 1799 }))).status,
    ).toBe(200);
    expect(
      (
        await deliver(
          event(
            'checkout.session.completed',
            paidSession(purchase.id, sessionId, 1799, { payment_status: 'unpaid', status: 'complete' }),
          ),
        )
      ).status,
    ).toBe(200);
    const stranger = crypto.randomUUID();
    expect(
      (await deliver(event('checkout.session.completed', paidSession(stranger, 'cs_test_nobody0000', 1799))))
        .status,
    ).toBe(200);
    // Another provider's route is not open on a Stripe app.
    expect((await post('/webhooks/iyzico', '{"token":"abc"}', {})).status).toBe(404);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(5);
    expect(after.tokenLedger.nodes).toHaveLength(1);
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'pending',
      paidAt: null,
      providerPaymentId: null,
    });
    expect(await eventsOf(app, purchase.id)).toEqual([]);
    expect(await mailsTo(app, email)).toHaveLength(0);

    // The genuine event still works afterwards.
    expect((await deliver(completed)).status).toBe(200);
    expect((await wallet(app, user)).me.tokenBalance).toBe(17);
  });

  it('refuses a session whose amount differs from the package: FAILED, no tokens', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'popular');
    const cheap = event('checkout.session.completed', paidSession(purchase.id, sessionId, 999));
    expect((await deliver(cheap)).status).toBe(200);

    const failed = await purchaseOf(app, user, purchase.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      paidAt: null,
      tokensExpireAt: null,
      failureReason: 'Ödenen tutar paketle uyuşmadı; tutar iade edilecek.',
    });
    const paymentIntent = 'pi_' + sessionId.slice(8);
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: 'amount_mismatch',
      providerPaymentId: paymentIntent,
    });
    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(5);
    expect(after.tokenLedger.nodes.map((e) => e.reason)).toEqual(['SIGNUP_GRANT']);
    expect(await mailsTo(app, email)).toHaveLength(0);
    // What was paid goes back whole, through Stripe, after the commit.
    await expect
      .poll(() => stripe.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.params))
      .toEqual([expect.objectContaining({ payment_intent: paymentIntent, amount: '999' })]);
    await expect.poll(async () => (await purchaseRow(app, purchase.id)).refundedCents).toBe(999);
  });

  it('refuses a payment in another currency, even of the same number', async () => {
    const user = await app.newUser();
    const { purchase, sessionId } = await checkout(user, 'popular');
    const lira = event(
      'checkout.session.completed',
      paidSession(purchase.id, sessionId, 1799, { currency: 'try' }),
    );
    expect((await deliver(lira)).status).toBe(200);
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: 'amount_mismatch',
    });
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);
  });
});

describe('saved card and auto-refill through Stripe', () => {
  // Stripe sends checkout.session.completed and payment_intent.succeeded in no set order; the card
  // must be kept either way.
  for (const order of ['session first', 'payment intent first'] as const) {
    it(`keeps the card a buyer chose to save (${order})`, async () => {
      const user = await app.newUser();
      const { purchase, params, sessionId } = await checkout(user, 'starter', true);
      expect(params['payment_intent_data[setup_future_usage]']).toBe('off_session');
      const session = paidSession(purchase.id, sessionId, 999);
      const completed = event('checkout.session.completed', session);
      const intent = event('payment_intent.succeeded', savedCardIntent(purchase.id, session, 'pm_1Kept'));
      for (const e of order === 'session first' ? [completed, intent] : [intent, completed])
        expect((await deliver(e)).status).toBe(200);

      const after = await wallet(app, user);
      expect(after.me.tokenBalance).toBe(10);
      expect(after.tokenLedger.nodes.filter((e) => e.reason === 'PURCHASE')).toHaveLength(1);
      expect(after.me.autoRefill).toEqual({
        enabled: false,
        threshold: 5,
        package: { id: 'starter' },
        paymentMethod: { provider: 'stripe', brand: null, last4: null },
      });
      expect((await userRow(app, user.id)).paymentMethod).toEqual({
        provider: 'stripe',
        customerId: session.customer,
        methodId: 'pm_1Kept',
        brand: null,
        last4: null,
      });
    });
  }

  it('charges the saved card off-session under the threshold, once a day', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, sessionId } = await checkout(user, 'starter', true);
    const session = paidSession(purchase.id, sessionId, 999);
    expect((await deliver(event('checkout.session.completed', session))).status).toBe(200);
    expect(
      (await deliver(event('payment_intent.succeeded', savedCardIntent(purchase.id, session, 'pm_1Refill'))))
        .status,
    ).toBe(200);

    // A later checkout reuses the Stripe customer.
    stripe.requests.length = 0;
    const { params: nextParams } = await checkout(user, 'popular');
    expect(nextParams.customer).toBe(session.customer);
    expect(nextParams.customer_creation).toBeUndefined();
    expect(nextParams.customer_email).toBeUndefined();

    const set = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 5, packageId: 'starter' } },
      { token: user.token },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.setAutoRefill.viewer).toEqual({
      id: user.id,
      tokenBalance: 10,
      autoRefill: {
        enabled: true,
        threshold: 5,
        package: { id: 'starter' },
        paymentMethod: { provider: 'stripe', brand: null, last4: null },
      },
    });

    // At or above the threshold nothing is bought.
    stripe.requests.length = 0;
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    await spend(user, 5);
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(stripe.requests).toHaveLength(0);

    // Under it, the package is charged off-session and credited.
    await spend(user, 1);
    const refill = await app.services.payments.runAutoRefill(user.id);
    expect(refill).toMatchObject({
      userId: user.id,
      packageId: 'starter',
      status: 'paid',
      autoRefill: true,
      provider: 'stripe',
      amountCents: 999,
      tokens: 5,
      bonusTokens: 0,
      method: 'card',
    });
    expect(stripe.requests).toHaveLength(1);
    expect(stripe.requests[0].path).toBe('/v1/payment_intents');
    expect(stripe.requests[0].headers['idempotency-key']).toBe(`autorefill:${refill!.id}`);
    expect(stripe.requests[0].params).toMatchObject({
      amount: '999',
      currency: 'usd',
      customer: session.customer,
      payment_method: 'pm_1Refill',
      off_session: 'true',
      confirm: 'true',
      description: 'Starter Pack (auto-refill)',
      'metadata[purchaseId]': refill!.id,
    });
    expect(refill!.providerPaymentId).toMatch(/^pi_[0-9a-f]{24}$/);

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(9);
    expect(after.tokenLedger.nodes[0]).toMatchObject({ delta: 5, reason: 'PURCHASE', balanceAfter: 9 });
    expect(after.tokenLedger.nodes.filter((e) => e.reason === 'PURCHASE')).toHaveLength(2);
    expect(await purchaseOf(app, user, refill!.id)).toMatchObject({
      status: 'PAID',
      autoRefill: true,
      package: { id: 'starter' },
    });
    const receipts = (await mailsTo(app, email)).filter((m) => m.subject.startsWith('Squad makbuzu'));
    expect(receipts.map((m) => m.subject)).toEqual([
      'Squad makbuzu: Starter Pack (5 token)',
      'Squad makbuzu: Starter Pack (5 token)',
    ]);
    expect(receipts[1].text).toContain('Bu satın alma otomatik yükleme ayarın sayesinde yapıldı.');
    expect(receipts[1].text).toContain(`Makbuz no: ${refill!.id}`);

    // A second try the same (Turkish) day does nothing, even under a raised threshold.
    const raised = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 100 } },
      { token: user.token },
    );
    expect(raised.data.setAutoRefill.viewer.autoRefill).toMatchObject({
      enabled: true,
      threshold: 100,
      package: { id: 'starter' },
    });
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(stripe.requests).toHaveLength(1);
    expect((await wallet(app, user)).me.tokenBalance).toBe(9);
  });

  it('a declined saved card fails the refill, turns auto-refill off and says so by mail', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    await setPaymentMethod(app, user.id, {
      provider: 'stripe',
      customerId: 'cus_Declines1',
      methodId: 'pm_card_chargeDeclined',
      brand: 'visa',
      last4: '0341',
    });
    const set = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 5, packageId: 'starter' } },
      { token: user.token },
    );
    expect(set.data.setAutoRefill.viewer.autoRefill).toEqual({
      enabled: true,
      threshold: 5,
      package: { id: 'starter' },
      paymentMethod: { provider: 'stripe', brand: 'visa', last4: '0341' },
    });
    await spend(user, 1);

    const refill = await app.services.payments.runAutoRefill(user.id);
    expect(refill).toMatchObject({
      userId: user.id,
      status: 'failed',
      autoRefill: true,
      failureReason: 'generic_decline',
      providerPaymentId: null,
      paidAt: null,
    });
    expect(stripe.requests.map((r) => [r.path, r.params.payment_method, r.params.customer])).toEqual([
      ['/v1/payment_intents', 'pm_card_chargeDeclined', 'cus_Declines1'],
    ]);
    expect(await purchaseOf(app, user, refill!.id)).toMatchObject({
      status: 'FAILED',
      autoRefill: true,
      failureReason: 'Ödeme alınamadı.',
    });

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(4);
    expect(after.tokenLedger.nodes.map((e) => e.reason)).toEqual(['EVENT_CREATED', 'SIGNUP_GRANT']);
    // Off now; the card is kept (the user may fix it and turn it back on).
    expect(after.me.autoRefill).toEqual({
      enabled: false,
      threshold: 5,
      package: { id: 'starter' },
      paymentMethod: { provider: 'stripe', brand: 'visa', last4: '0341' },
    });
    const mails = await mailsTo(app, email);
    expect(mails.map((m) => m.subject)).toEqual(['Otomatik token yükleme durduruldu']);
    expect(mails[0].text).toContain(
      'Kayıtlı kartından Starter Pack için ödeme alınamadı, bu yüzden otomatik yüklemeyi kapattık.',
    );
    expect(await purchaseNotifications(app, user.id)).toEqual([
      { purchaseId: refill!.id, packageId: 'starter', outcome: 'failed', autoRefill: true },
    ]);

    // Off means off: no second charge.
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(stripe.requests).toHaveLength(1);
  });
});

describe('purchases are private and packages are checked', () => {
  it('hides a purchase from another user', async () => {
    const owner = await app.newUser();
    const other = await app.newUser();
    const { purchase } = await checkout(owner, 'popular');
    expect((await purchaseOf(app, owner, purchase.id))!.id).toBe(purchase.id);

    // The API answers "none" to the other user; underneath it is the not-found error.
    expect(await purchaseOf(app, other, purchase.id)).toBeNull();
    await expect(
      app.services.payments.purchase(
        { id: other.id, sub: other.sub, role: 'user', locale: 'tr' },
        purchase.id,
      ),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      key: 'payment.notFound',
      message: 'Satın alma bulunamadı.',
    });
    expect((await wallet(app, other)).tokenPurchases.nodes).toEqual([]);
  });

  it('refuses an unknown package with BAD_USER_INPUT in Turkish, without calling Stripe', async () => {
    const user = await app.newUser();
    const res = await app.gql(START_PURCHASE, { input: { packageId: 'mega' } }, { token: user.token });
    const err = expectOneError(res, 'BAD_USER_INPUT');
    expect(err.message).toBe('Böyle bir paket yok.');
    expect(err.extensions?.field).toBe('input.packageId');
    expect(stripe.requests).toHaveLength(0);
    expect((await wallet(app, user)).tokenPurchases.nodes).toEqual([]);
  });
});
