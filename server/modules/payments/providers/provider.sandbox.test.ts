import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSandboxProvider,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxPayload,
  type SandboxPurchaseInfo,
} from './provider.sandbox.ts';
import { ProviderError, WebhookRejected, type IncomingWebhook, type SavedMethod } from './provider.types.ts';

const secret = crypto.randomBytes(32);
const clock = new Date('2026-03-10T12:00:00Z');
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

function event(overrides: Record<string, unknown> = {}) {
  return {
    id: 'evt_sb_1',
    type: 'payment.succeeded',
    purchaseId: 'p-1',
    paymentId: 'pay_sb_1',
    amountCents: 1799,
    currency: 'USD',
    method: 'card',
    createdAt: clock.toISOString(),
    ...overrides,
  };
}

function signed(body: string, at = clock, key = secret): IncomingWebhook {
  return {
    headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(key, body, at) },
    rawBody: Buffer.from(body),
    contentType: 'application/json',
  };
}

describe('sandbox webhook verification', () => {
  it('turns a correctly signed paid event into a paid settlement', async () => {
    const saved: SavedMethod = {
      provider: 'sandbox',
      customerId: null,
      methodId: 'pm_sb_4242_ab',
      brand: 'visa',
      last4: '4242',
    };
    const settlements = await provider.parseWebhook(signed(JSON.stringify(event({ savedMethod: saved }))));
    expect(settlements).toEqual([
      {
        eventId: 'evt_sb_1',
        purchaseId: 'p-1',
        providerRef: 'p-1',
        outcome: 'paid',
        paymentId: 'pay_sb_1',
        amount: { amountCents: 1799, currency: 'USD' },
        method: 'card',
        savedMethod: saved,
        failureReason: null,
      },
    ]);
  });

  it('maps a failed event with its reason and no amount', async () => {
    const body = JSON.stringify(
      event({ type: 'payment.failed', paymentId: undefined, failureReason: 'insufficient_funds' }),
    );
    const [s] = await provider.parseWebhook(signed(body));
    expect(s).toMatchObject({
      outcome: 'failed',
      paymentId: null,
      amount: null,
      failureReason: 'insufficient_funds',
    });
  });

  it('ignores event types it does not know', async () => {
    expect(await provider.parseWebhook(signed(JSON.stringify(event({ type: 'payment.noticed' }))))).toEqual(
      [],
    );
  });

  it('rejects a tampered body', async () => {
    const request = signed(JSON.stringify(event()));
    const tampered = { ...request, rawBody: Buffer.from(JSON.stringify(event({ amountCents: 1 }))) };
    await expect(provider.parseWebhook(tampered)).rejects.toBeInstanceOf(WebhookRejected);
  });

  it('rejects a signature made with another secret', async () => {
    const request = signed(JSON.stringify(event()), clock, crypto.randomBytes(32));
    await expect(provider.parseWebhook(request)).rejects.toThrow(/mismatch/);
  });

  it('accepts four minutes of clock difference and rejects six, either way', async () => {
    const body = JSON.stringify(event());
    const at = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);
    await expect(provider.parseWebhook(signed(body, at(-4)))).resolves.toHaveLength(1);
    await expect(provider.parseWebhook(signed(body, at(4)))).resolves.toHaveLength(1);
    await expect(provider.parseWebhook(signed(body, at(-6)))).rejects.toThrow(/tolerance/);
    await expect(provider.parseWebhook(signed(body, at(6)))).rejects.toThrow(/tolerance/);
  });

  it('rejects missing and garbled signature headers', async () => {
    const body = JSON.stringify(event());
    const good = signed(body).headers[SANDBOX_SIGNATURE_HEADER]!;
    const variants: (string | undefined)[] = [
      undefined,
      '',
      'garbage',
      good.replace(/^t=\d+/, 't=abc'),
      good.slice(0, -2),
      `${good},v0=00`,
      good.replace('v1=', 'v2='),
    ];
    for (const header of variants) {
      const request = { ...signed(body), headers: { [SANDBOX_SIGNATURE_HEADER]: header } };
      await expect(provider.parseWebhook(request), String(header)).rejects.toBeInstanceOf(WebhookRejected);
    }
  });

  it('rejects signed bodies that are not sandbox events', async () => {
    await expect(provider.parseWebhook(signed('not json'))).rejects.toBeInstanceOf(WebhookRejected);
    await expect(provider.parseWebhook(signed(JSON.stringify({ id: 'x' })))).rejects.toBeInstanceOf(
      WebhookRejected,
    );
    const form = { ...signed(JSON.stringify(event())), contentType: 'application/x-www-form-urlencoded' };
    await expect(provider.parseWebhook(form)).rejects.toBeInstanceOf(WebhookRejected);
  });
});

describe('sandbox off-session charges and refunds', () => {
  const method = (methodId: string): SavedMethod => ({
    provider: 'sandbox',
    customerId: null,
    methodId,
    brand: 'visa',
    last4: methodId.slice(6, 10),
  });
  const charge = (methodId: string) =>
    provider.chargeSaved({
      purchaseId: 'p-auto',
      amount: { amountCents: 999, currency: 'USD' },
      method: method(methodId),
      description: 'Auto-refill',
    });

  it('charges an ordinary saved card, with fresh ids each time', async () => {
    const first = await charge('pm_sb_4242_aa11');
    const second = await charge('pm_sb_4242_aa11');
    expect(first).toMatchObject({
      purchaseId: 'p-auto',
      outcome: 'paid',
      amount: { amountCents: 999, currency: 'USD' },
      method: 'card',
      failureReason: null,
    });
    expect(first.paymentId).toMatch(/^pay_sb_/);
    expect(first.eventId).toMatch(/^evt_sb_/);
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(second.eventId).not.toBe(first.eventId);
  });

  it('declines the cards that decline off-session', async () => {
    expect(await charge('pm_sb_0341_bb22')).toMatchObject({
      outcome: 'failed',
      failureReason: 'card_declined',
      paymentId: null,
      amount: null,
    });
    expect(await charge('pm_sb_0002_cc33')).toMatchObject({
      outcome: 'failed',
      failureReason: 'card_declined',
    });
    expect(await charge('pm_sb_9995_dd44')).toMatchObject({
      outcome: 'failed',
      failureReason: 'insufficient_funds',
    });
  });

  it('refuses a method of another provider', async () => {
    const other = { ...method('pm_123'), provider: 'stripe' as const };
    await expect(
      provider.chargeSaved({
        purchaseId: 'p',
        amount: { amountCents: 1, currency: 'USD' },
        method: other,
        description: '',
      }),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('forgets a detached card: later charges of it are refused (ADR 054)', async () => {
    await provider.detachMethod(method('pm_sb_4242_ee55'));
    expect(provider.isDetached('pm_sb_4242_ee55')).toBe(true);
    await expect(charge('pm_sb_4242_ee55')).rejects.toBeInstanceOf(ProviderError);
    expect((await charge('pm_sb_4242_ff66')).outcome).toBe('paid');
  });

  it('refunds without anything external', async () => {
    const { refundId } = await provider.refund({
      paymentId: 'pay_sb_1',
      amount: { amountCents: 1, currency: 'USD' },
    });
    expect(refundId).toMatch(/^re_sb_[0-9a-f]+$/);
  });

  it('points the checkout at its own page', async () => {
    const session = await provider.createCheckout({
      purchaseId: 'abc-123',
      packageName: 'Popular Pack',
      description: '12 token',
      amount: { amountCents: 1799, currency: 'USD' },
      customer: { userId: 'u', email: null, name: 'A B', city: null, ip: null, providerCustomerId: null },
      saveMethod: false,
      locale: 'tr',
      returnUrl: 'http://squad.test/tokens',
      cancelUrl: 'http://squad.test/tokens',
      expiresAt: new Date(clock.getTime() + 3600_000),
    });
    expect(session).toEqual({
      checkoutUrl: 'http://squad.test/checkout/sandbox/abc-123',
      providerRef: 'abc-123',
    });
  });
});
