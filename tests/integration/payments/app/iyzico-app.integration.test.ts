import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeIyzico, type FakeIyzico } from '#tests/helpers/fake-iyzico.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';
import {
  DAY_MS,
  eventsOf,
  mailsTo,
  purchaseNotifications,
  purchaseOf,
  purchaseRow,
  SET_AUTO_REFILL,
  setPaymentMethod,
  startPurchase,
  userRow,
  wallet,
} from './payments-app.helpers.ts';

// The whole app on iyzico: GraphQL opens a checkout form on the local fake of iyzico's API, the test
// plays the buyer's browser coming back to /webhooks/iyzico/callback with the form's token, and the
// app asks the fake what happened (scripted through `checkouts`).
const API_KEY = 'sandbox-squad-app-api-key';
const SECRET_KEY = 'sandbox-squad-app-secret-key';
const INIT_PATH = '/payment/iyzipos/checkoutform/initialize/auth/ecom';
const DETAIL_PATH = '/payment/iyzipos/checkoutform/auth/ecom/detail';

let iyzico: FakeIyzico;
let app: TestApp;

beforeAll(async () => {
  iyzico = await startFakeIyzico({ apiKey: API_KEY, secretKey: SECRET_KEY });
  app = await startTestApp({
    env: {
      PAYMENT_PROVIDER: 'iyzico',
      IYZICO_API_KEY: API_KEY,
      IYZICO_SECRET_KEY: SECRET_KEY,
      IYZICO_BASE_URL: iyzico.url,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await iyzico?.close();
});
beforeEach(() => iyzico.reset());

// The buyer's browser after iyzico's payment page: a form post of the token.
async function callback(token: string | null, body = token === null ? '' : `token=${token}`) {
  const res = await fetch(`${app.baseUrl}/webhooks/iyzico/callback`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), body: text };
}

const redirectTo = (purchaseId: string) => ({
  status: 303,
  location: `/dashboard/tokens?purchase=${purchaseId}`,
});

// A purchase opened through GraphQL, with what the fake was asked and the form's token.
async function checkout(user: TestUser, packageId: string, saveMethod?: boolean) {
  const started = await startPurchase(app, user, { packageId, ...(saveMethod ? { saveMethod } : {}) });
  const init = iyzico.requests.filter((r) => r.path === INIT_PATH);
  expect(init).toHaveLength(1);
  expect(init[0].authorised).toBe(true);
  const token = new URL(started.checkoutUrl).searchParams.get('token')!;
  expect(iyzico.checkouts.has(token)).toBe(true);
  iyzico.reset();
  return { ...started, init: init[0].body, token };
}

async function emailOf(user: TestUser) {
  const row = await userRow(app, user.id);
  expect(row.email).toBe(`${user.sub}@squad.test`);
  return row.email!;
}

const retrieved = () => iyzico.requests.filter((r) => r.path === DETAIL_PATH).map((r) => r.body);

describe('buying a package through the iyzico checkout form', () => {
  it('opens the form, and the browser’s callback pays and credits 12 tokens once', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { checkoutUrl, purchase, init, token } = await checkout(user, 'popular');

    expect(checkoutUrl).toBe(`https://sandbox-cpp.iyzipay.com?token=${token}&lang=tr`);
    expect(purchase).toMatchObject({
      package: { id: 'popular' },
      tokens: 10,
      bonusTokens: 2,
      amount: 17.99,
      currency: 'USD',
      status: 'PENDING',
      method: null,
      provider: 'iyzico',
      autoRefill: false,
      paidAt: null,
    });
    // What the app asked iyzico for.
    expect(init).toMatchObject({
      locale: 'tr',
      conversationId: purchase.id,
      price: '17.99',
      paidPrice: '17.99',
      currency: 'USD',
      basketId: purchase.id,
      paymentGroup: 'PRODUCT',
      callbackUrl: 'http://squad.test/webhooks/iyzico/callback',
      enabledInstallments: [1],
      buyer: { id: user.id, email, identityNumber: '11111111111', country: 'Turkey' },
    });
    expect(init.basketItems).toEqual([
      { id: purchase.id, name: 'Popular Pack', category1: 'Token', itemType: 'VIRTUAL', price: '17.99' },
    ]);
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      providerRef: token,
      checkoutUrl,
      status: 'pending',
    });
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);

    expect(await callback(token)).toMatchObject(redirectTo(purchase.id));
    // The token was looked up with iyzico; nothing the browser said was taken on trust.
    expect(retrieved()).toEqual([{ locale: 'tr', token }]);

    const paid = await purchaseOf(app, user, purchase.id);
    expect(paid).toMatchObject({ status: 'PAID', method: 'CARD', failureReason: null });
    const paidAt = new Date(paid!.paidAt).getTime();
    expect(Math.abs(paidAt - Date.now())).toBeLessThan(60_000);
    expect(new Date(paid!.tokensExpireAt).getTime()).toBe(paidAt + 60 * DAY_MS);
    const row = await purchaseRow(app, purchase.id);
    expect(row.status).toBe('paid');
    expect(row.providerPaymentId).toMatch(/^\d+$/);

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
      { delta: 5, reason: 'SIGNUP_GRANT', balanceAfter: 5, cause: 'Hoş geldin hediyesi', expiresAt: null },
    ]);
    const mails = await mailsTo(app, email);
    expect(mails.map((m) => m.subject)).toEqual(['Squad makbuzu: Popular Pack (12 token)']);
    expect(mails[0].text).toContain(`Makbuz no: ${purchase.id}`);

    // The browser comes back again (reload, back button), several times at once, and iyzico's own
    // notification arrives too: the same purchase, credited once.
    expect(await callback(token)).toMatchObject(redirectTo(purchase.id));
    const together = await Promise.all([callback(token), callback(token), callback(token)]);
    for (const r of together) expect(r).toMatchObject(redirectTo(purchase.id));
    const notice = await fetch(`${app.baseUrl}/webhooks/iyzico`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ iyziEventType: 'CHECKOUT_FORM_AUTH', token, status: 'SUCCESS' }),
    });
    expect(notice.status).toBe(200);
    expect(await notice.json()).toEqual({ received: true });

    const later = await wallet(app, user);
    expect(later.me.tokenBalance).toBe(17);
    expect(later.tokenLedger.nodes.map((e) => e.reason)).toEqual(['PURCHASE', 'SIGNUP_GRANT']);
    expect((await purchaseRow(app, purchase.id)).providerPaymentId).toBe(row.providerPaymentId);
    expect(await eventsOf(app, purchase.id)).toEqual([{ eventId: `cf:${token}:SUCCESS`, outcome: 'paid' }]);
    expect(await mailsTo(app, email)).toHaveLength(1);
    expect(await purchaseNotifications(app, user.id)).toEqual([
      { purchaseId: purchase.id, packageId: 'popular', outcome: 'paid', tokens: 12, autoRefill: false },
    ]);
  });

  it('marks a FAILURE result FAILED and credits nothing', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, token } = await checkout(user, 'popular');
    iyzico.checkouts.get(token)!.paymentStatus = 'FAILURE';

    expect(await callback(token)).toMatchObject(redirectTo(purchase.id));
    expect(await purchaseOf(app, user, purchase.id)).toMatchObject({
      status: 'FAILED',
      paidAt: null,
      tokensExpireAt: null,
      failureReason: 'Ödeme alınamadı.',
    });
    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'failed',
      failureReason: '10051',
      providerPaymentId: null,
    });
    // Again: nothing more happens.
    expect(await callback(token)).toMatchObject(redirectTo(purchase.id));

    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(5);
    expect(after.tokenLedger.nodes.map((e) => e.reason)).toEqual(['SIGNUP_GRANT']);
    expect(after.tokenPurchases.nodes).toEqual([{ id: purchase.id, status: 'FAILED' }]);
    expect(await eventsOf(app, purchase.id)).toEqual([{ eventId: `cf:${token}:FAILURE`, outcome: 'failed' }]);
    expect(await mailsTo(app, email)).toHaveLength(0);
    expect(await purchaseNotifications(app, user.id)).toEqual([
      { purchaseId: purchase.id, packageId: 'popular', outcome: 'failed', autoRefill: false },
    ]);
  });

  it('answers 400 to a forged result or a token iyzico does not know, and credits nothing', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, token } = await checkout(user, 'popular');

    // iyzico's answer signed with another key: someone in between, not iyzico.
    iyzico.signNextWith('wrong');
    const forged = await callback(token);
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ received: false, error: 'invalid signature' });
    expect(retrieved()).toEqual([{ locale: 'tr', token }]);

    // A made-up token, a malformed one, none at all, a body that is not a form.
    expect((await callback(crypto.randomUUID())).status).toBe(400);
    expect((await callback('x', 'token=not%20a%20token')).status).toBe(400);
    expect((await callback(null)).status).toBe(400);
    const plain = await fetch(`${app.baseUrl}/webhooks/iyzico/callback`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'text/plain' },
      body: token,
    });
    expect(plain.status).toBe(400);

    expect(await purchaseRow(app, purchase.id)).toMatchObject({
      status: 'pending',
      paidAt: null,
      providerPaymentId: null,
    });
    expect(await eventsOf(app, purchase.id)).toEqual([]);
    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(5);
    expect(after.tokenLedger.nodes).toHaveLength(1);
    expect(await mailsTo(app, email)).toHaveLength(0);

    // The forged answer left nothing behind: iyzico's genuine one still pays.
    expect(await callback(token)).toMatchObject(redirectTo(purchase.id));
    expect((await wallet(app, user)).me.tokenBalance).toBe(17);
  });

  it('refuses a payment whose amount differs from the package', async () => {
    const user = await app.newUser();
    const { purchase, token } = await checkout(user, 'popular');
    iyzico.checkouts.get(token)!.paidPrice = 9.99;

    expect(await callback(token)).toMatchObject(redirectTo(purchase.id));
    expect(await purchaseOf(app, user, purchase.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'Ödenen tutar paketle uyuşmadı; tutar iade edilecek.',
    });
    expect((await purchaseRow(app, purchase.id)).failureReason).toBe('amount_mismatch');
    expect((await wallet(app, user)).me.tokenBalance).toBe(5);
  });
});

describe('a stored iyzico card and auto-refill', () => {
  it('keeps the card of a buyer who chose to, and charges it under the threshold', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    const { purchase, token } = await checkout(user, 'popular', true);
    iyzico.checkouts.get(token)!.saveCard = true;
    expect(await callback(token)).toMatchObject(redirectTo(purchase.id));
    expect((await userRow(app, user.id)).paymentMethod).toEqual({
      provider: 'iyzico',
      customerId: 'cuk-123',
      methodId: 'ctk-456',
      brand: 'mastercard',
      last4: '0008',
    });

    const set = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 20, packageId: 'starter' } },
      { token: user.token },
    );
    expect(set.data.setAutoRefill.viewer).toEqual({
      id: user.id,
      tokenBalance: 17,
      autoRefill: {
        enabled: true,
        threshold: 20,
        package: { id: 'starter' },
        paymentMethod: { provider: 'iyzico', brand: 'mastercard', last4: '0008' },
      },
    });

    iyzico.reset();
    const refill = await app.services.payments.runAutoRefill(user.id);
    expect(refill).toMatchObject({
      status: 'paid',
      autoRefill: true,
      packageId: 'starter',
      amountCents: 999,
      provider: 'iyzico',
    });
    const charges = iyzico.requests;
    expect(charges).toHaveLength(1);
    expect(refill!.providerPaymentId).toBe(iyzico.storedCardPayments.at(-1));
    expect(charges[0]).toMatchObject({
      path: '/payment/auth',
      authorised: true,
      body: {
        conversationId: refill!.id,
        basketId: refill!.id,
        price: '9.99',
        paidPrice: '9.99',
        currency: 'USD',
        paymentCard: { cardUserKey: 'cuk-123', cardToken: 'ctk-456' },
      },
    });
    expect((await wallet(app, user)).me.tokenBalance).toBe(22);
    expect(await app.services.payments.runAutoRefill(user.id)).toBeNull();
    expect(iyzico.requests).toHaveLength(1);
    expect((await mailsTo(app, email)).map((m) => m.subject)).toEqual([
      'Squad makbuzu: Popular Pack (12 token)',
      'Squad makbuzu: Starter Pack (5 token)',
    ]);
  });

  it('a declined stored card fails the refill and turns auto-refill off', async () => {
    const user = await app.newUser();
    const email = await emailOf(user);
    await setPaymentMethod(app, user.id, {
      provider: 'iyzico',
      customerId: 'cuk-999',
      methodId: 'ctk-declined',
      brand: 'visa',
      last4: '1111',
    });
    const set = await app.gql(
      SET_AUTO_REFILL,
      { input: { enabled: true, threshold: 10 } },
      { token: user.token },
    );
    expect(set.data.setAutoRefill.viewer.autoRefill.enabled).toBe(true);

    const refill = await app.services.payments.runAutoRefill(user.id);
    expect(refill).toMatchObject({ status: 'failed', autoRefill: true, failureReason: '10051' });
    const after = await wallet(app, user);
    expect(after.me.tokenBalance).toBe(5);
    expect(after.me.autoRefill.enabled).toBe(false);
    expect((await mailsTo(app, email)).map((m) => m.subject)).toEqual(['Otomatik token yükleme durduruldu']);
  });
});
