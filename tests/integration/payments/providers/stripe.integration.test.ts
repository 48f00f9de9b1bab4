import crypto from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeProvider } from '#server/modules/payments/providers/provider.stripe.ts';
import {
  ProviderError,
  WebhookRejected,
  type CheckoutRequest,
  type PaymentProvider,
} from '#server/modules/payments/providers/provider.types.ts';
import { startFakeStripe, stripeWebhook, type FakeStripe } from '#tests/helpers/fake-stripe.ts';

// Stripe's REST API is played by a local fake (see the helper for why and what it answers).
const SECRET_KEY = 'sk_test_squad_local';
const WEBHOOK_SECRET = 'whsec_squad_local_test';
let stripe: FakeStripe;
let requests: FakeStripe['requests'];
let provider: PaymentProvider;
const now = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKey: SECRET_KEY });
  requests = stripe.requests;
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: 'https://squad.example',
    apiBase: stripe.url,
    now: () => now,
  });
});
afterAll(() => stripe.close());
beforeEach(() => {
  requests.length = 0;
});

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    purchaseId: crypto.randomUUID(),
    packageName: 'Popular Pack',
    description: '12 token (10 + 2 bonus)',
    amount: { amountCents: 1799, currency: 'USD' },
    customer: {
      userId: crypto.randomUUID(),
      email: 'ayse@example.com',
      name: 'Ayşe Yılmaz',
      city: 'İzmir',
      ip: '85.34.78.112',
      providerCustomerId: null,
    },
    saveMethod: true,
    locale: 'tr',
    returnUrl: '/tokens?purchase=1',
    cancelUrl: 'https://squad.example/tokens?cancelled=1',
    expiresAt: new Date(now.getTime() + 10 * 60_000),
    ...overrides,
  };
}

describe('Stripe checkout', () => {
  it('opens a Checkout Session for a new customer who may save the card', async () => {
    const request = checkoutRequest();
    const session = await provider.createCheckout(request);
    expect(requests).toHaveLength(1);
    const { params, headers } = requests[0];
    expect(headers['idempotency-key']).toBe(`checkout:${request.purchaseId}`);
    expect(params).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1799',
      'line_items[0][price_data][product_data][name]': 'Popular Pack',
      'line_items[0][price_data][product_data][description]': '12 token (10 + 2 bonus)',
      client_reference_id: request.purchaseId,
      'metadata[purchaseId]': request.purchaseId,
      'payment_intent_data[metadata][purchaseId]': request.purchaseId,
      'payment_intent_data[setup_future_usage]': 'off_session',
      customer_creation: 'always',
      customer_email: 'ayse@example.com',
      success_url: 'https://squad.example/tokens?purchase=1',
      cancel_url: 'https://squad.example/tokens?cancelled=1',
      locale: 'tr',
    });
    expect(params.customer).toBeUndefined();
    // Ten minutes is too soon for Stripe: the expiry is moved to just over thirty minutes ahead.
    const expiresAt = Number(params.expires_at);
    const nowS = now.getTime() / 1000;
    expect(expiresAt - nowS).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - nowS).toBeLessThan(35 * 60);
    expect(session.providerRef).toMatch(/^cs_test_/);
    expect(session.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${session.providerRef}`);
  });

  it('reuses a known customer and keeps a valid expiry; no saving when not asked', async () => {
    const request = checkoutRequest({
      saveMethod: false,
      locale: 'en',
      expiresAt: new Date(now.getTime() + 2 * 3600_000),
      customer: { ...checkoutRequest().customer, providerCustomerId: 'cus_Known123' },
    });
    await provider.createCheckout(request);
    const { params } = requests[0];
    expect(params.customer).toBe('cus_Known123');
    expect(params.customer_creation).toBeUndefined();
    expect(params.customer_email).toBeUndefined();
    expect(params['payment_intent_data[setup_future_usage]']).toBeUndefined();
    expect(params.locale).toBe('en');
    expect(Number(params.expires_at)).toBe(Math.floor(request.expiresAt.getTime() / 1000));
  });
});

describe('Stripe off-session charges and refunds', () => {
  const method = (methodId: string) => ({
    provider: 'stripe' as const,
    customerId: 'cus_Saver1',
    methodId,
    brand: 'visa',
    last4: '4242',
  });

  it('charges a saved card off-session', async () => {
    const purchaseId = crypto.randomUUID();
    const s = await provider.chargeSaved({
      purchaseId,
      amount: { amountCents: 999, currency: 'USD' },
      method: method('pm_card_visa'),
      description: 'Squad auto-refill',
    });
    const { params, headers } = requests[0];
    expect(headers['idempotency-key']).toBe(`autorefill:${purchaseId}`);
    expect(params).toMatchObject({
      amount: '999',
      currency: 'usd',
      customer: 'cus_Saver1',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[purchaseId]': purchaseId,
    });
    expect(s).toMatchObject({
      purchaseId,
      outcome: 'paid',
      amount: { amountCents: 999, currency: 'USD' },
      method: 'card',
      failureReason: null,
    });
    expect(s.paymentId).toMatch(/^pi_/);
    expect(s.eventId).toBe(`pi:${s.paymentId}`);
  });

  it('returns a failed settlement with the decline code when the card is declined', async () => {
    const purchaseId = crypto.randomUUID();
    const s = await provider.chargeSaved({
      purchaseId,
      amount: { amountCents: 999, currency: 'USD' },
      method: method('pm_card_chargeDeclined'),
      description: 'Squad auto-refill',
    });
    expect(s).toMatchObject({
      purchaseId,
      outcome: 'failed',
      paymentId: null,
      amount: null,
      failureReason: 'generic_decline',
    });
    expect(s.eventId).toMatch(/^pi:pi_\w+:failed$/);
  });

  it('turns other API errors into a ProviderError with Stripe’s code', async () => {
    const charge = provider.chargeSaved({
      purchaseId: crypto.randomUUID(),
      amount: { amountCents: 999, currency: 'USD' },
      method: method('pm_missing'),
      description: '',
    });
    await expect(charge).rejects.toBeInstanceOf(ProviderError);
    await expect(charge).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('refunds a payment', async () => {
    const { refundId } = await provider.refund({
      paymentId: 'pi_Paid123',
      amount: { amountCents: 1799, currency: 'USD' },
    });
    expect(refundId).toMatch(/^re_/);
    expect(requests[0].params).toEqual({ payment_intent: 'pi_Paid123', amount: '1799' });
  });
});

describe('Stripe webhooks', () => {
  let counter = 0;

  function webhook(
    type: string,
    object: Record<string, unknown>,
    opts: { secret?: string; timestamp?: number } = {},
  ) {
    const event = {
      id: `evt_test_${++counter}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const { body, signature } = stripeWebhook(event, opts.secret ?? WEBHOOK_SECRET, {
      timestamp: opts.timestamp,
    });
    return {
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      rawBody: Buffer.from(body),
      contentType: 'application/json',
    };
  }

  const purchaseId = crypto.randomUUID();
  const session = (overrides: Record<string, unknown> = {}) => ({
    id: 'cs_test_a1',
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 1799,
    currency: 'usd',
    client_reference_id: purchaseId,
    metadata: { purchaseId },
    payment_intent: 'pi_Paid1',
    payment_method_types: ['card'],
    customer: 'cus_New1',
    ...overrides,
  });
  const pi = (overrides: Record<string, unknown> = {}) => ({
    id: 'pi_Paid1',
    object: 'payment_intent',
    amount: 1799,
    amount_received: 1799,
    currency: 'usd',
    status: 'succeeded',
    customer: 'cus_New1',
    payment_method: 'pm_1Saved',
    payment_method_types: ['card'],
    setup_future_usage: 'off_session',
    metadata: { purchaseId },
    last_payment_error: null,
    ...overrides,
  });

  it('maps a paid checkout.session.completed to a paid settlement', async () => {
    const request = webhook('checkout.session.completed', session());
    expect(await provider.parseWebhook(request)).toEqual([
      {
        eventId: `evt_test_${counter}`,
        purchaseId,
        providerRef: 'cs_test_a1',
        outcome: 'paid',
        paymentId: 'pi_Paid1',
        amount: { amountCents: 1799, currency: 'USD' },
        method: 'card',
        savedMethod: null,
        failureReason: null,
      },
    ]);
  });

  it('waits on an unpaid completed session (a delayed method)', async () => {
    expect(
      await provider.parseWebhook(
        webhook('checkout.session.completed', session({ payment_status: 'unpaid' })),
      ),
    ).toEqual([]);
  });

  it('maps async_payment_failed to failed and expired to expired', async () => {
    const [failed] = await provider.parseWebhook(
      webhook('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' })),
    );
    expect(failed).toMatchObject({
      purchaseId,
      providerRef: 'cs_test_a1',
      outcome: 'failed',
      paymentId: null,
      amount: null,
    });
    const [expired] = await provider.parseWebhook(
      webhook(
        'checkout.session.expired',
        session({ status: 'expired', payment_status: 'unpaid', metadata: {} }),
      ),
    );
    // Without metadata the client_reference_id still names the purchase.
    expect(expired).toMatchObject({ purchaseId, providerRef: 'cs_test_a1', outcome: 'expired' });
  });

  it('maps payment_intent.succeeded with the saved method', async () => {
    const [s] = await provider.parseWebhook(webhook('payment_intent.succeeded', pi()));
    expect(s).toMatchObject({
      purchaseId,
      outcome: 'paid',
      paymentId: 'pi_Paid1',
      amount: { amountCents: 1799, currency: 'USD' },
      savedMethod: {
        provider: 'stripe',
        customerId: 'cus_New1',
        methodId: 'pm_1Saved',
        brand: null,
        last4: null,
      },
    });
    const [unsaved] = await provider.parseWebhook(
      webhook('payment_intent.succeeded', pi({ setup_future_usage: null })),
    );
    expect(unsaved.savedMethod).toBeNull();
  });

  it('maps payment_intent.payment_failed with the error code', async () => {
    const failedPi = pi({
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    const [s] = await provider.parseWebhook(webhook('payment_intent.payment_failed', failedPi));
    expect(s).toMatchObject({
      purchaseId,
      outcome: 'failed',
      paymentId: null,
      failureReason: 'card_declined',
    });
    const [noCode] = await provider.parseWebhook(
      webhook(
        'payment_intent.payment_failed',
        pi({ status: 'requires_payment_method', last_payment_error: null }),
      ),
    );
    expect(noCode.failureReason).toBe('payment_failed');
  });

  it('ignores events that do not concern a purchase', async () => {
    expect(
      await provider.parseWebhook(webhook('customer.created', { id: 'cus_1', object: 'customer' })),
    ).toEqual([]);
  });

  it('rejects a wrong secret, a tampered body, a stale signature and a missing header', async () => {
    const wrong = webhook('checkout.session.completed', session(), { secret: 'whsec_someone_else' });
    await expect(provider.parseWebhook(wrong)).rejects.toBeInstanceOf(WebhookRejected);

    const good = webhook('checkout.session.completed', session());
    const tampered = {
      ...good,
      rawBody: Buffer.from(good.rawBody.toString().replace('"amount_total":1799', '"amount_total":99999')),
    };
    expect(tampered.rawBody.equals(good.rawBody)).toBe(false);
    await expect(provider.parseWebhook(tampered)).rejects.toBeInstanceOf(WebhookRejected);

    const stale = webhook('checkout.session.completed', session(), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    await expect(provider.parseWebhook(stale)).rejects.toBeInstanceOf(WebhookRejected);

    await expect(provider.parseWebhook({ ...good, headers: {} })).rejects.toBeInstanceOf(WebhookRejected);
    await expect(provider.parseWebhook(good)).resolves.toHaveLength(1);
  });
});

describe('Stripe detachMethod', () => {
  const method = (methodId: string) => ({
    provider: 'stripe' as const,
    customerId: 'cus_squad',
    methodId,
    brand: 'visa',
    last4: '4242',
  });

  it('detaches the saved card at Stripe (account deleted, ADR 054)', async () => {
    await provider.detachMethod(method('pm_saved_card'));
    expect(requests.map((r) => r.path)).toEqual(['/v1/payment_methods/pm_saved_card/detach']);
  });

  it('takes a method Stripe no longer knows as detached, and leaves other providers alone', async () => {
    await expect(provider.detachMethod(method('pm_missing'))).resolves.toBeUndefined();
    await provider.detachMethod({ ...method('pm_sb_1'), provider: 'sandbox' });
    expect(requests.map((r) => r.path)).toEqual(['/v1/payment_methods/pm_missing/detach']);
  });
});
