import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIyzicoProvider } from '#server/modules/payments/providers/provider.iyzico.ts';
import {
  ProviderError,
  WebhookRejected,
  type CheckoutRequest,
  type IncomingWebhook,
  type PaymentProvider,
} from '#server/modules/payments/providers/provider.types.ts';
import { startFakeIyzico, type FakeIyzico, type FakeIyzicoCheckout } from '#tests/helpers/fake-iyzico.ts';

// iyzico's API is played by a local fake (see the helper for why and what it answers).
const API_KEY = 'sandbox-squad-api-key';
const SECRET_KEY = 'sandbox-squad-secret-key';
const WRONG_KEY = 'someone-elses-secret-key';

let iyzico: FakeIyzico;
let requests: FakeIyzico['requests'];
let provider: PaymentProvider;

beforeAll(async () => {
  iyzico = await startFakeIyzico({ apiKey: API_KEY, secretKey: SECRET_KEY });
  requests = iyzico.requests;
  provider = createIyzicoProvider({
    apiKey: API_KEY,
    secretKey: SECRET_KEY,
    baseUrl: iyzico.url,
    publicUrl: 'https://squad.example/',
    timeoutMs: 5_000,
  });
});
afterAll(() => iyzico.close());
beforeEach(() => iyzico.reset());

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    purchaseId: crypto.randomUUID(),
    packageName: 'Popular Pack',
    description: '12 token (10 + 2 bonus)',
    amount: { amountCents: 1799, currency: 'USD' },
    customer: {
      userId: crypto.randomUUID(),
      email: 'ayse@example.com',
      name: 'Ayşe Nur Yılmaz',
      city: 'İzmir',
      ip: '88.230.1.2',
      providerCustomerId: null,
    },
    saveMethod: false,
    locale: 'tr',
    returnUrl: 'https://squad.example/tokens',
    cancelUrl: 'https://squad.example/tokens',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...overrides,
  };
}

const callback = (token: string): IncomingWebhook => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody: Buffer.from(new URLSearchParams({ token }).toString()),
  contentType: 'application/x-www-form-urlencoded',
});

const serverWebhook = (body: Record<string, unknown>): IncomingWebhook => ({
  headers: { 'content-type': 'application/json' },
  rawBody: Buffer.from(JSON.stringify(body)),
  contentType: 'application/json',
});

async function openCheckout(
  state: Partial<FakeIyzicoCheckout> = {},
  overrides: Partial<CheckoutRequest> = {},
) {
  const request = checkoutRequest(overrides);
  const session = await provider.createCheckout(request);
  Object.assign(iyzico.checkouts.get(session.providerRef)!, state);
  requests.length = 0;
  return { request, token: session.providerRef };
}

describe('iyzico checkout form', () => {
  it('initialises the form with the amount, the purchase and the buyer', async () => {
    const request = checkoutRequest();
    const session = await provider.createCheckout(request);
    expect(requests).toHaveLength(1);
    const { path, body, authorised } = requests[0];
    expect(path).toBe('/payment/iyzipos/checkoutform/initialize/auth/ecom');
    expect(authorised).toBe(true);
    expect(body).toMatchObject({
      locale: 'tr',
      conversationId: request.purchaseId,
      price: '17.99',
      paidPrice: '17.99',
      currency: 'USD',
      basketId: request.purchaseId,
      paymentGroup: 'PRODUCT',
      callbackUrl: 'https://squad.example/webhooks/iyzico/callback',
      enabledInstallments: [1],
      buyer: {
        id: request.customer.userId,
        name: 'Ayşe Nur',
        surname: 'Yılmaz',
        email: 'ayse@example.com',
        identityNumber: '11111111111',
        city: 'İzmir',
        country: 'Turkey',
        ip: '88.230.1.2',
      },
      billingAddress: { contactName: 'Ayşe Nur Yılmaz', city: 'İzmir', country: 'Turkey' },
    });
    expect(body.basketItems).toEqual([
      {
        id: request.purchaseId,
        name: 'Popular Pack',
        category1: 'Token',
        itemType: 'VIRTUAL',
        price: '17.99',
      },
    ]);
    expect(session.providerRef).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.checkoutUrl).toBe(`https://sandbox-cpp.iyzipay.com?token=${session.providerRef}&lang=tr`);
  });

  it('fills in what Squad does not know about the buyer', async () => {
    const base = checkoutRequest();
    await provider.createCheckout({
      ...base,
      locale: 'en',
      customer: { ...base.customer, name: 'Cem', city: null, ip: null, email: 'cem@example.com' },
    });
    expect(requests[0].body).toMatchObject({
      locale: 'en',
      buyer: { name: 'Cem', surname: 'Üyesi', city: 'Istanbul', ip: '85.34.78.112' },
      billingAddress: { city: 'Istanbul' },
    });
  });

  it('refuses an initialisation answer with a wrong signature', async () => {
    iyzico.signNextWith(WRONG_KEY);
    const attempt = provider.createCheckout(checkoutRequest());
    await expect(attempt).rejects.toBeInstanceOf(ProviderError);
    await expect(attempt).rejects.toMatchObject({ code: 'bad_signature' });
  });
});

describe('iyzico callbacks and webhooks', () => {
  it('turns the browser callback of a successful payment into a paid settlement', async () => {
    const { request, token } = await openCheckout({ saveCard: true });
    const settlements = await provider.parseWebhook(callback(token));
    expect(requests.map((r) => [r.path, r.body.token])).toEqual([
      ['/payment/iyzipos/checkoutform/auth/ecom/detail', token],
    ]);
    expect(settlements).toEqual([
      {
        eventId: `cf:${token}:SUCCESS`,
        purchaseId: request.purchaseId,
        providerRef: token,
        outcome: 'paid',
        paymentId: expect.stringMatching(/^\d+$/),
        amount: { amountCents: 1799, currency: 'USD' },
        method: 'card',
        savedMethod: {
          provider: 'iyzico',
          customerId: 'cuk-123',
          methodId: 'ctk-456',
          brand: 'mastercard',
          last4: '0008',
        },
        failureReason: null,
      },
    ]);
  });

  it('believes the API, not the webhook: a "SUCCESS" webhook for a failed payment gives failed', async () => {
    const { request, token } = await openCheckout({ paymentStatus: 'FAILURE' });
    const settlements = await provider.parseWebhook(
      serverWebhook({
        paymentConversationId: request.purchaseId,
        merchantId: 3397,
        token,
        status: 'SUCCESS',
        iyziReferenceCode: crypto.randomUUID(),
        iyziEventType: 'CHECKOUT_FORM_AUTH',
        iyziEventTime: Date.now(),
        iyziPaymentId: 99999,
      }),
    );
    expect(settlements).toEqual([
      {
        eventId: `cf:${token}:FAILURE`,
        purchaseId: request.purchaseId,
        providerRef: token,
        outcome: 'failed',
        paymentId: null,
        amount: null,
        method: 'card',
        savedMethod: null,
        failureReason: '10051',
      },
    ]);
  });

  it('gives the server webhook of a successful payment the same settlement as the callback', async () => {
    const { token } = await openCheckout();
    const fromWebhook = await provider.parseWebhook(
      serverWebhook({ token, iyziEventType: 'CHECKOUT_FORM_AUTH', status: 'SUCCESS' }),
    );
    const fromCallback = await provider.parseWebhook(callback(token));
    expect(fromWebhook).toEqual(fromCallback);
    expect(fromWebhook[0]).toMatchObject({ outcome: 'paid', savedMethod: null });
  });

  it('returns nothing while the payment is not finished', async () => {
    const { token } = await openCheckout({ paymentStatus: 'INIT_THREEDS' });
    expect(await provider.parseWebhook(callback(token))).toEqual([]);
  });

  it('rejects a retrieve answer with a wrong signature', async () => {
    const { token } = await openCheckout({ signWith: WRONG_KEY });
    await expect(provider.parseWebhook(callback(token))).rejects.toBeInstanceOf(WebhookRejected);
  });

  it('rejects a callback whose token iyzico does not know', async () => {
    await expect(provider.parseWebhook(callback(crypto.randomUUID()))).rejects.toThrow(/does not know/);
    expect(requests).toHaveLength(1);
  });

  it('rejects callbacks without a usable token without asking iyzico', async () => {
    const empty = { ...callback('x'), rawBody: Buffer.from('foo=bar') };
    await expect(provider.parseWebhook(empty)).rejects.toBeInstanceOf(WebhookRejected);
    await expect(provider.parseWebhook(callback('../../etc'))).rejects.toBeInstanceOf(WebhookRejected);
    await expect(
      provider.parseWebhook({ ...callback('abc'), contentType: 'text/plain' }),
    ).rejects.toBeInstanceOf(WebhookRejected);
    expect(requests).toHaveLength(0);
  });
});

describe('iyzico stored-card charges and refunds', () => {
  const method = (cardToken: string) => ({
    provider: 'iyzico' as const,
    customerId: 'cuk-123',
    methodId: cardToken,
    brand: 'mastercard',
    last4: '0008',
  });

  it('charges a stored card', async () => {
    const purchaseId = crypto.randomUUID();
    const s = await provider.chargeSaved({
      purchaseId,
      amount: { amountCents: 999, currency: 'USD' },
      method: method('ctk-456'),
      description: 'Starter Pack',
    });
    const { path, body, authorised } = requests[0];
    expect(path).toBe('/payment/auth');
    expect(authorised).toBe(true);
    expect(body).toMatchObject({
      conversationId: purchaseId,
      basketId: purchaseId,
      price: '9.99',
      paidPrice: '9.99',
      currency: 'USD',
      installment: 1,
      paymentCard: { cardUserKey: 'cuk-123', cardToken: 'ctk-456' },
    });
    expect(s).toMatchObject({
      purchaseId,
      outcome: 'paid',
      amount: { amountCents: 999, currency: 'USD' },
      method: 'card',
      failureReason: null,
    });
    expect(s.eventId).toBe(`pay:${s.paymentId}`);
  });

  it('returns a failed settlement when the bank declines', async () => {
    const s = await provider.chargeSaved({
      purchaseId: crypto.randomUUID(),
      amount: { amountCents: 999, currency: 'USD' },
      method: method('ctk-declined'),
      description: '',
    });
    expect(s).toMatchObject({ outcome: 'failed', failureReason: '10051', paymentId: null, amount: null });
  });

  it('reports other refusals and wrongly signed answers as provider errors', async () => {
    const charge = (cardToken: string) =>
      provider.chargeSaved({
        purchaseId: crypto.randomUUID(),
        amount: { amountCents: 999, currency: 'USD' },
        method: method(cardToken),
        description: '',
      });
    await expect(charge('ctk-unknown')).rejects.toMatchObject({ name: 'ProviderError', code: '5080' });
    iyzico.signNextWith(WRONG_KEY);
    await expect(charge('ctk-456')).rejects.toMatchObject({ name: 'ProviderError', code: 'bad_signature' });
  });

  it('refunds a payment by its id', async () => {
    const { refundId } = await provider.refund({
      paymentId: '25180208',
      amount: { amountCents: 1799, currency: 'USD' },
    });
    expect(refundId).toBe('mock00007iyzihostrfn');
    expect(requests[0]).toMatchObject({
      path: '/v2/payment/refund',
      authorised: true,
      body: { paymentId: '25180208', price: '17.99', currency: 'USD' },
    });
    await expect(
      provider.refund({ paymentId: 'unknown', amount: { amountCents: 1, currency: 'USD' } }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('iyzico detachMethod', () => {
  const card = (cardToken: string) => ({
    provider: 'iyzico' as const,
    customerId: 'cuk-123',
    methodId: cardToken,
    brand: 'mastercard',
    last4: '0008',
  });

  it('deletes the stored card from card storage (account deleted, ADR 054)', async () => {
    await provider.detachMethod(card('ctk-456'));
    expect(requests).toEqual([
      {
        path: '/cardstorage/card',
        body: expect.objectContaining({ cardUserKey: 'cuk-123', cardToken: 'ctk-456' }),
        authorised: true,
      },
    ]);
  });

  it('reports a refusal (retried by the job queue) and leaves other providers alone', async () => {
    await expect(provider.detachMethod(card('ctk-unknown'))).rejects.toBeInstanceOf(ProviderError);
    await provider.detachMethod({ ...card('pm_sb_1'), provider: 'sandbox' });
    expect(requests).toHaveLength(1);
  });
});
