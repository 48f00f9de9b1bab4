import crypto from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSandboxProvider,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxPurchaseInfo,
} from './provider.sandbox.ts';
import type { IncomingWebhook } from './provider.types.ts';

const secret = crypto.randomBytes(32);
let clock = new Date('2026-03-10T12:00:00Z');
const purchases = new Map<string, SandboxPurchaseInfo>();
const delivered: IncomingWebhook[] = [];

const provider = createSandboxProvider({
  publicUrl: 'http://squad.test/',
  secret,
  lookup: async (id) => purchases.get(id) ?? null,
  deliver: async (webhook) => {
    delivered.push(webhook);
  },
  now: () => clock,
});

describe('sandbox checkout pages', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use('/checkout/sandbox', provider.router());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/checkout/sandbox`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    clock = new Date('2026-03-10T12:00:00Z');
    delivered.length = 0;
    purchases.clear();
  });

  function purchase(overrides: Partial<SandboxPurchaseInfo> = {}): SandboxPurchaseInfo {
    const info: SandboxPurchaseInfo = {
      purchaseId: crypto.randomUUID(),
      packageName: 'Popular Pack',
      description: '12 token (10 + 2 bonus)',
      amount: { amountCents: 1799, currency: 'USD' },
      locale: 'tr',
      returnUrl: 'http://app.squad.test/tokens?purchase=1',
      cancelUrl: 'http://app.squad.test/tokens?cancelled=1',
      expiresAt: new Date(clock.getTime() + 30 * 60_000),
      status: 'pending',
      saveMethodOffered: true,
      ...overrides,
    };
    purchases.set(info.purchaseId, info);
    return info;
  }

  const post = (path: string, form: Record<string, string>) =>
    fetch(`${base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      redirect: 'manual',
    });

  async function onlyDelivered() {
    expect(delivered).toHaveLength(1);
    const [settlement] = await provider.parseWebhook(delivered[0]);
    return settlement;
  }

  it('renders the Turkish checkout with the package, the amount and the test cards', async () => {
    const info = purchase();
    const res = await fetch(`${base}/${info.purchaseId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://app.squad.test");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('<html lang="tr">');
    expect(html).toContain('Squad · Test ödemesi');
    expect(html).toContain('SANDBOX — gerçek para çekilmez');
    expect(html).toContain('Popular Pack');
    expect(html).toContain('12 token (10 + 2 bonus)');
    expect(html).toContain('$17,99 Öde');
    expect(html).toContain('Kartımı sonraki otomatik yüklemeler için kaydet');
    expect(html).toContain('PayPal ile öde');
    expect(html).toContain('href="http://app.squad.test/tokens?cancelled=1"');
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain('<label for="card-number">Kart numarası</label>');
    for (const card of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0027 6000 3184',
      '4000 0000 0000 9995',
      '4000 0000 0000 0341',
    ])
      expect(html).toContain(card);
    expect(html).not.toContain('<script');
    // The one style block is exactly the one the policy allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(style).digest('base64')}'`);
  });

  it('renders in English, without the save option when it is not offered, and escapes names', async () => {
    const info = purchase({ locale: 'en', saveMethodOffered: false, packageName: 'Mega <b>Pack</b>' });
    const html = await (await fetch(`${base}/${info.purchaseId}`)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Squad · Test payment');
    expect(html).toContain('Pay US$17.99');
    expect(html).toContain('Pay with PayPal');
    expect(html).toContain('Mega &lt;b&gt;Pack&lt;/b&gt;');
    expect(html).not.toContain('name="saveMethod"');
  });

  it('completes as paid with result=paid: a signed event to the webhook path, then 303 to returnUrl', async () => {
    const info = purchase();
    const res = await post(info.purchaseId, { result: 'paid', saveMethod: 'on' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(info.returnUrl);
    expect(delivered[0].contentType).toBe('application/json');
    expect(delivered[0].headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(delivered[0].rawBody.toString());
    expect(body.id).toMatch(/^evt_sb_/);
    expect(body.paymentId).toMatch(/^pay_sb_/);
    const s = await onlyDelivered();
    expect(s).toMatchObject({
      purchaseId: info.purchaseId,
      outcome: 'paid',
      amount: { amountCents: 1799, currency: 'USD' },
      method: 'card',
      savedMethod: { provider: 'sandbox', customerId: null, brand: 'visa', last4: '4242' },
    });
    expect(s.savedMethod!.methodId).toMatch(/^pm_sb_4242_[0-9a-f]+$/);
  });

  it('completes as failed with result=failed', async () => {
    const info = purchase();
    const res = await post(info.purchaseId, { result: 'failed' });
    expect(res.status).toBe(303);
    expect(await onlyDelivered()).toMatchObject({ outcome: 'failed', failureReason: 'card_declined' });
  });

  it('re-renders invalid card input with the errors (422) and charges nothing', async () => {
    const info = purchase();
    const res = await post(info.purchaseId, {
      number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '12',
      name: 'Ayşe',
      saveMethod: 'on',
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('Kart numarası geçersiz');
    expect(html).toContain('Bu kartın son kullanma tarihi geçmiş.');
    expect(html).toContain('CVC 3 haneli olmalı.');
    expect(html).toContain('aria-describedby="card-number-error"');
    expect(html).toContain('value="4242 4242 4242 4241"');
    expect(html).toContain('value="on" checked');
    expect(html).not.toContain('value="12"');
    expect(delivered).toHaveLength(0);
  });

  it('pays with any other valid card and saves it when asked', async () => {
    const info = purchase();
    const res = await post(info.purchaseId, {
      number: '5555 5555 5555 4444',
      expiry: '03/26',
      cvc: '321',
      name: 'Ayşe Yılmaz',
      saveMethod: 'on',
    });
    expect(res.status).toBe(303);
    expect(await onlyDelivered()).toMatchObject({
      outcome: 'paid',
      savedMethod: { brand: 'mastercard', last4: '4444' },
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
  ])('declines %s with %s', async (number, reason) => {
    const info = purchase();
    const res = await post(info.purchaseId, { number, expiry: '12/30', cvc: '123', name: 'A' });
    expect(res.status).toBe(303);
    expect(await onlyDelivered()).toMatchObject({ outcome: 'failed', failureReason: reason });
  });

  it('saves the 0341 card so later off-session charges decline', async () => {
    const info = purchase();
    await post(info.purchaseId, {
      number: '4000000000000341',
      expiry: '12/30',
      cvc: '123',
      name: 'A',
      saveMethod: 'on',
    });
    const s = await onlyDelivered();
    expect(s.outcome).toBe('paid');
    const later = await provider.chargeSaved({
      purchaseId: 'p-2',
      amount: info.amount,
      method: s.savedMethod!,
      description: '',
    });
    expect(later).toMatchObject({ outcome: 'failed', failureReason: 'card_declined' });
  });

  it('asks for 3-D Secure with the 3184 card and pays when confirmed', async () => {
    const info = purchase();
    const res = await post(info.purchaseId, {
      number: '4000 0027 6000 3184',
      expiry: '12/30',
      cvc: '123',
      name: 'A',
      saveMethod: 'on',
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/checkout/sandbox/${info.purchaseId}/3ds\\?`));
    expect(delivered).toHaveLength(0);
    const page = await fetch(new URL(location, base));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('3-D Secure doğrulaması');
    expect(html).toContain('>Onayla</button>');
    expect(html).toContain('>Başarısız</button>');
    expect(html).toContain('•••• 3184');
    const fields = Object.fromEntries(new URL(location, base).searchParams);
    const done = await post(`${info.purchaseId}/3ds`, { ...fields, decision: 'approve' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(info.returnUrl);
    expect(await onlyDelivered()).toMatchObject({
      outcome: 'paid',
      savedMethod: { last4: '3184', brand: 'visa' },
    });
  });

  it('fails with authentication_failed when the 3-D Secure check fails', async () => {
    const info = purchase();
    const res = await post(info.purchaseId, {
      number: '4000002760003184',
      expiry: '12/30',
      cvc: '123',
      name: 'A',
    });
    const fields = Object.fromEntries(new URL(res.headers.get('location')!, base).searchParams);
    await post(`${info.purchaseId}/3ds`, { ...fields, decision: 'fail' });
    expect(await onlyDelivered()).toMatchObject({
      outcome: 'failed',
      failureReason: 'authentication_failed',
    });
  });

  it('refuses an edited or stale 3-D Secure link', async () => {
    const info = purchase();
    const res = await post(info.purchaseId, {
      number: '4000002760003184',
      expiry: '12/30',
      cvc: '123',
      name: 'A',
    });
    const url = new URL(res.headers.get('location')!, base);
    const edited = new URL(url);
    edited.searchParams.set('save', '1');
    expect((await fetch(edited)).status).toBe(400);
    const fields = Object.fromEntries(url.searchParams);
    expect(
      (await post(`${info.purchaseId}/3ds`, { ...fields, last4: '4242', decision: 'approve' })).status,
    ).toBe(400);
    clock = new Date(clock.getTime() + 11 * 60_000);
    expect((await fetch(url)).status).toBe(400);
    expect((await post(`${info.purchaseId}/3ds`, { ...fields, decision: 'approve' })).status).toBe(400);
    expect(delivered).toHaveLength(0);
  });

  it('pays with PayPal after approval, and goes back to the checkout on cancel', async () => {
    const info = purchase({ locale: 'en' });
    const page = await fetch(`${base}/${info.purchaseId}/paypal`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Approve the payment of US$17.99 for Popular Pack?');
    const cancel = await post(`${info.purchaseId}/paypal`, { decision: 'cancel' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`/checkout/sandbox/${info.purchaseId}`);
    expect(delivered).toHaveLength(0);
    const approve = await post(`${info.purchaseId}/paypal`, { decision: 'approve' });
    expect(approve.headers.get('location')).toBe(info.returnUrl);
    expect(await onlyDelivered()).toMatchObject({ outcome: 'paid', method: 'paypal', savedMethod: null });
  });

  it('shows an "already done" page for a paid purchase and takes no second payment', async () => {
    const info = purchase({ status: 'paid' });
    const res = await fetch(`${base}/${info.purchaseId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Bu ödeme zaten tamamlandı');
    expect(html).toContain(`href="${info.returnUrl}"`);
    expect(html).not.toContain('name="number"');
    expect((await post(info.purchaseId, { result: 'paid' })).status).toBe(409);
    expect((await post(`${info.purchaseId}/paypal`, { decision: 'approve' })).status).toBe(409);
    expect(delivered).toHaveLength(0);
  });

  it('shows the expired page once expiresAt has passed', async () => {
    const info = purchase({ locale: 'en' });
    clock = new Date(info.expiresAt.getTime() + 1000);
    const html = await (await fetch(`${base}/${info.purchaseId}`)).text();
    expect(html).toContain('This payment page has expired');
    expect((await post(info.purchaseId, { result: 'paid' })).status).toBe(409);
    expect(delivered).toHaveLength(0);
  });

  it('answers 404 for an unknown purchase', async () => {
    const res = await fetch(`${base}/${crypto.randomUUID()}`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Payment not found');
    expect((await post(crypto.randomUUID(), { result: 'paid' })).status).toBe(404);
  });
});
