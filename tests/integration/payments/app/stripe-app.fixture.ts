import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildOnlineEventInput, CREATE_EVENT } from '#tests/factories/events.ts';
import { startFakeStripe, stripeWebhook, type FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import { startPurchase, userRow } from './payments-app.helpers.ts';

// The whole app on Stripe: GraphQL opens a Checkout Session on the local fake of Stripe's API, the
// test plays Stripe's side by posting signed webhooks to /webhooks/stripe, and auto-refill charges
// the saved card off-session through the fake.
export const SECRET_KEY = 'sk_test_squad_app';
export const WEBHOOK_SECRET = 'whsec_squad_app_test';

export let stripe: FakeStripe;
export let app: TestApp;

// Registers the app's start and stop (and the fake's request log reset) in the calling test file.
export function useStripeApp() {
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
}

export const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;

export function event(type: string, object: Record<string, unknown>, id = randomId('evt_test')) {
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

export async function post(
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
export function deliver(payload: object, secret = WEBHOOK_SECRET) {
  const { body, signature } = stripeWebhook(payload, secret);
  return post('/webhooks/stripe', body, { 'stripe-signature': signature });
}

// A purchase opened through GraphQL, with what the fake was asked and the Checkout Session it made.
export async function checkout(user: TestUser, packageId: string, saveMethod?: boolean) {
  const started = await startPurchase(app, user, { packageId, ...(saveMethod ? { saveMethod } : {}) });
  const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
  expect(created).toHaveLength(1);
  const sessionId = started.checkoutUrl.replace('https://checkout.stripe.com/c/pay/', '');
  expect(sessionId).toMatch(/^cs_test_[0-9a-f]{24}$/);
  return { ...started, params: created[0].params, headers: created[0].headers, sessionId };
}

// The Checkout Session as Stripe sends it in checkout.session.completed once it was paid.
export function paidSession(
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
export function savedCardIntent(
  purchaseId: string,
  session: ReturnType<typeof paidSession>,
  methodId: string,
) {
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

export async function emailOf(user: TestUser) {
  const row = await userRow(app, user.id);
  expect(row.email).toBe(`${user.sub}@squad.test`);
  return row.email!;
}

// Spends `count` tokens the ordinary way: creating events.
export async function spend(user: TestUser, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await app.gql(
      CREATE_EVENT,
      { input: buildOnlineEventInput({ title: `Otomatik yükleme denemesi ${i + 1}` }) },
      { token: user.token },
    );
    expect(res.errors).toBeUndefined();
  }
}

export const signupEntry = { delta: 5, reason: 'SIGNUP_GRANT', balanceAfter: 5 };
