// The embedded payment provider: an in-app checkout that behaves like a hosted one (test cards,
// 3-D Secure, PayPal) without real money. Its results reach the payments service as signed webhook
// events, through the same parseWebhook path a real provider's webhooks take.
import crypto from 'node:crypto';
import type { Router } from 'express';
import { z } from 'zod';
import {
  ProviderError,
  WebhookRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type IncomingWebhook,
  type Money,
  type PaymentProvider,
  type SavedMethod,
  type Settlement,
} from './provider.types.ts';
import { OFF_SESSION_DECLINES } from './provider.sandbox.cards.ts';
import { sandboxCheckoutRouter, type Outcome } from './provider.sandbox.checkout.ts';
import { equalHex, hmacHex, random, unixSeconds } from './provider.sandbox.signing.ts';

export type SandboxPurchaseInfo = {
  purchaseId: string;
  packageName: string;
  description: string;
  amount: Money;
  locale: 'tr' | 'en';
  returnUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  status: 'pending' | 'paid' | 'failed' | 'refunded' | 'expired';
  saveMethodOffered: boolean;
};

export type SandboxProviderOptions = {
  publicUrl: string;
  secret: Buffer;
  lookup: (purchaseId: string) => Promise<SandboxPurchaseInfo | null>;
  deliver: (webhook: IncomingWebhook) => Promise<void>;
  now?: () => Date;
};

export type SandboxProvider = PaymentProvider & {
  router(): Router;
  // Whether a saved method was detached (this process only): the sandbox keeps nothing else.
  isDetached(methodId: string): boolean;
};

export const SANDBOX_SIGNATURE_HEADER = 'squad-sandbox-signature';
// How far a webhook's timestamp may be from now (either way), as Stripe does.
const SIGNATURE_TOLERANCE_S = 5 * 60;

const savedMethodSchema = z.object({
  provider: z.literal('sandbox'),
  customerId: z.null(),
  methodId: z.string().min(1),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
});

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  purchaseId: z.string().min(1),
  paymentId: z.string().min(1).optional(),
  amountCents: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  method: z.enum(['card', 'paypal']),
  savedMethod: savedMethodSchema.optional(),
  failureReason: z.string().optional(),
  createdAt: z.string(),
});

// What the sandbox delivers to the webhook path, as JSON.
export type SandboxEvent = {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | (string & {});
  purchaseId: string;
  paymentId?: string;
  amountCents: number;
  currency: 'USD';
  method: 'card' | 'paypal';
  savedMethod?: SavedMethod;
  failureReason?: string;
  createdAt: string;
};

// The header value for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
export function signSandboxPayload(secret: Buffer, body: string, at: Date): string {
  const t = unixSeconds(at);
  return `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}`;
}

function verifySandboxSignature(
  secret: Buffer,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
): void {
  const m = header ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim()) : null;
  if (!m) throw new WebhookRejected('missing or malformed sandbox signature header');
  const t = Number(m[1]);
  if (Math.abs(unixSeconds(now) - t) > SIGNATURE_TOLERANCE_S)
    throw new WebhookRejected('sandbox signature timestamp outside the tolerance');
  const expected = crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
  if (!equalHex(expected, m[2])) throw new WebhookRejected('sandbox signature mismatch');
}

function headerValue(headers: IncomingWebhook['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

function settlementOf(event: SandboxEvent): Settlement[] {
  const base = { eventId: event.id, purchaseId: event.purchaseId, providerRef: event.purchaseId };
  if (event.type === 'payment.succeeded') {
    if (!event.paymentId) throw new WebhookRejected('sandbox payment event without paymentId');
    return [
      {
        ...base,
        outcome: 'paid',
        paymentId: event.paymentId,
        amount: { amountCents: event.amountCents, currency: event.currency },
        method: event.method,
        savedMethod: event.savedMethod ?? null,
        failureReason: null,
      },
    ];
  }
  if (event.type === 'payment.failed') {
    return [
      {
        ...base,
        outcome: 'failed',
        paymentId: null,
        amount: null,
        method: event.method,
        savedMethod: null,
        failureReason: event.failureReason ?? 'payment_failed',
      },
    ];
  }
  return [];
}

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const { secret, lookup, deliver } = options;
  const now = options.now ?? (() => new Date());
  const publicUrl = options.publicUrl.replace(/\/+$/, '');

  const payable = (info: SandboxPurchaseInfo) =>
    info.status === 'pending' && now().getTime() < info.expiresAt.getTime();

  async function complete(info: SandboxPurchaseInfo, result: Outcome): Promise<void> {
    const event: SandboxEvent = {
      id: `evt_sb_${random()}`,
      type: result.outcome === 'paid' ? 'payment.succeeded' : 'payment.failed',
      purchaseId: info.purchaseId,
      ...(result.outcome === 'paid' ? { paymentId: `pay_sb_${random()}` } : {}),
      amountCents: info.amount.amountCents,
      currency: info.amount.currency,
      method: result.method,
      ...(result.outcome === 'paid' && result.savedMethod ? { savedMethod: result.savedMethod } : {}),
      ...(result.outcome === 'failed' ? { failureReason: result.reason } : {}),
      createdAt: now().toISOString(),
    };
    const body = JSON.stringify(event);
    await deliver({
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(secret, body, now()),
      },
      rawBody: Buffer.from(body, 'utf8'),
      contentType: 'application/json',
    });
  }

  const detached = new Set<string>();
  const provider: SandboxProvider = {
    name: 'sandbox',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      return {
        checkoutUrl: `${publicUrl}/checkout/sandbox/${encodeURIComponent(request.purchaseId)}`,
        providerRef: request.purchaseId,
      };
    },

    async parseWebhook(request: IncomingWebhook): Promise<Settlement[]> {
      verifySandboxSignature(
        secret,
        request.rawBody,
        headerValue(request.headers, SANDBOX_SIGNATURE_HEADER),
        now(),
      );
      if (request.contentType !== 'application/json') throw new WebhookRejected('sandbox events are JSON');
      let json: unknown;
      try {
        json = JSON.parse(request.rawBody.toString('utf8'));
      } catch (err) {
        throw new WebhookRejected('sandbox event is not JSON', { cause: err });
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejected('sandbox event has an unexpected shape');
      return settlementOf(parsed.data);
    },

    async chargeSaved({ purchaseId, amount, method }): Promise<Settlement> {
      if (method.provider !== 'sandbox')
        throw new ProviderError('not a sandbox payment method', 'invalid_method');
      if (detached.has(method.methodId))
        throw new ProviderError('the payment method was detached', 'invalid_method');
      const decline = Object.entries(OFF_SESSION_DECLINES).find(([last4]) =>
        method.methodId.includes(`_${last4}_`),
      )?.[1];
      const base = { eventId: `evt_sb_${random()}`, purchaseId, providerRef: null, savedMethod: null };
      if (decline) {
        return {
          ...base,
          outcome: 'failed',
          paymentId: null,
          amount: null,
          method: 'card',
          failureReason: decline,
        };
      }
      return {
        ...base,
        outcome: 'paid',
        paymentId: `pay_sb_${random()}`,
        amount: { ...amount },
        method: 'card',
        failureReason: null,
      };
    },

    async refund() {
      return { refundId: `re_sb_${random()}` };
    },

    async detachMethod(method) {
      if (method.provider === 'sandbox') detached.add(method.methodId);
    },

    isDetached: (methodId) => detached.has(methodId),

    router: () => sandboxCheckoutRouter({ secret, now, lookup, payable, complete }),
  };
  return provider;
}
