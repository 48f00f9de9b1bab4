// The embedded payment provider: an in-app checkout that behaves like a hosted one (test cards,
// 3-D Secure, PayPal) without real money. Its results reach the payments service as signed webhook
// events, through the same parseWebhook path a real provider's webhooks take.
import crypto from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
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
import {
  cardBehaviour,
  checkCard,
  OFF_SESSION_DECLINES,
  type CheckedCard,
} from './provider.sandbox.cards.ts';
import {
  badLinkPage,
  checkoutPage,
  finishedPage,
  notFoundPage,
  paypalPage,
  sandboxPageCsp,
  threeDsPage,
  type PageLocale,
} from './provider.sandbox.page.ts';

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
// How long a 3-D Secure challenge link stays usable.
const THREE_DS_TTL_S = 10 * 60;

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

const random = (bytes = 12) => crypto.randomBytes(bytes).toString('hex');
const hmacHex = (secret: Buffer, data: string) =>
  crypto.createHmac('sha256', secret).update(data).digest('hex');
const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

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

type Outcome =
  | { outcome: 'paid'; method: 'card' | 'paypal'; savedMethod: SavedMethod | null }
  | { outcome: 'failed'; method: 'card' | 'paypal'; reason: string };

const newSavedMethod = (card: Pick<CheckedCard, 'brand' | 'last4'>): SavedMethod => ({
  provider: 'sandbox',
  customerId: null,
  methodId: `pm_sb_${card.last4}_${random(8)}`,
  brand: card.brand,
  last4: card.last4,
});

const TEST_SHORTCUT_CARD = { brand: 'visa', last4: '4242' };

type Form = Record<string, unknown>;
const text = (form: Form, key: string) => (typeof form[key] === 'string' ? form[key] : '');

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

  // The 3-D Secure challenge link carries what the card form decided, signed so it cannot be edited.
  const threeDsSignature = (
    purchaseId: string,
    p: { t: string; save: string; brand: string; last4: string },
  ) => hmacHex(secret, ['sandbox-3ds', purchaseId, p.t, p.save, p.brand, p.last4].join('\n'));

  function readThreeDs(purchaseId: string, source: Form) {
    const p = {
      t: text(source, 't'),
      save: text(source, 'save'),
      brand: text(source, 'brand'),
      last4: text(source, 'last4'),
    };
    const sig = text(source, 'sig');
    if (!/^\d{1,12}$/.test(p.t) || !/^[01]$/.test(p.save) || !/^[a-z]{1,20}$/.test(p.brand)) return null;
    if (!/^\d{4}$/.test(p.last4) || !equalHex(threeDsSignature(purchaseId, p), sig)) return null;
    const age = unixSeconds(now()) - Number(p.t);
    if (age < 0 || age > THREE_DS_TTL_S) return null;
    return { ...p, sig };
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

    router(): Router {
      const router = Router();
      const form = express.urlencoded({ extended: false, limit: '8kb' });

      const send = (res: Response, status: number, html: string, formTargets: string[] = []) => {
        res.status(status);
        res.setHeader('Content-Security-Policy', sandboxPageCsp(formTargets));
        res.setHeader('Cache-Control', 'no-store');
        res.setHeader('Referrer-Policy', 'no-referrer');
        res.type('html').send(html);
      };
      const base = (req: Request, id: string) => `${req.baseUrl}/${encodeURIComponent(id)}`;
      const requestLocale = (req: Request): PageLocale =>
        req.acceptsLanguages('tr', 'en') === 'en' ? 'en' : 'tr';

      // The purchase behind a route, or the page that says why there is nothing to pay.
      async function open(req: Request, res: Response): Promise<SandboxPurchaseInfo | null> {
        const id = String(req.params.purchaseId);
        const info = id.length <= 200 ? await lookup(id) : null;
        if (!info) {
          send(res, 404, notFoundPage(requestLocale(req)));
          return null;
        }
        if (!payable(info)) {
          const state = info.status === 'pending' ? 'expired' : info.status;
          send(res, req.method === 'GET' ? 200 : 409, finishedPage(info.locale, state, info.returnUrl));
          return null;
        }
        return info;
      }

      const finish = async (res: Response, info: SandboxPurchaseInfo, result: Outcome) => {
        await complete(info, result);
        res.redirect(303, info.returnUrl);
      };

      const renderCheckout = (
        req: Request,
        res: Response,
        info: SandboxPurchaseInfo,
        status: number,
        extra: Pick<Parameters<typeof checkoutPage>[0], 'values' | 'errors'> = {},
      ) =>
        send(
          res,
          status,
          checkoutPage({
            locale: info.locale,
            packageName: info.packageName,
            description: info.description,
            amount: info.amount,
            saveMethodOffered: info.saveMethodOffered,
            cancelUrl: info.cancelUrl,
            action: base(req, info.purchaseId),
            paypalAction: `${base(req, info.purchaseId)}/paypal`,
            ...extra,
          }),
          [info.returnUrl],
        );

      router.get('/:purchaseId', async (req, res) => {
        const info = await open(req, res);
        if (info) renderCheckout(req, res, info, 200);
      });

      router.post('/:purchaseId', form, async (req, res) => {
        const info = await open(req, res);
        if (!info) return;
        const body = (req.body ?? {}) as Form;
        const wantsSave = info.saveMethodOffered && text(body, 'saveMethod') === 'on';
        const result = text(body, 'result');
        // Test shortcut: tests drive the checkout without a browser or card details.
        if ((result === 'paid' || result === 'failed') && !text(body, 'number')) {
          return finish(
            res,
            info,
            result === 'paid'
              ? {
                  outcome: 'paid',
                  method: 'card',
                  savedMethod: wantsSave ? newSavedMethod(TEST_SHORTCUT_CARD) : null,
                }
              : { outcome: 'failed', method: 'card', reason: 'card_declined' },
          );
        }
        const checked = checkCard(
          {
            number: text(body, 'number'),
            expiry: text(body, 'expiry'),
            cvc: text(body, 'cvc'),
            name: text(body, 'name'),
          },
          now(),
        );
        if (!checked.ok) {
          return renderCheckout(req, res, info, 422, {
            errors: checked.errors,
            values: {
              number: text(body, 'number').slice(0, 23),
              expiry: text(body, 'expiry').slice(0, 7),
              name: text(body, 'name').slice(0, 100),
              saveMethod: wantsSave,
            },
          });
        }
        const card = checked.card;
        const behaviour = cardBehaviour(card.number);
        if (behaviour.kind === 'declines') {
          return finish(res, info, { outcome: 'failed', method: 'card', reason: behaviour.reason });
        }
        if (behaviour.kind === 'requires3ds') {
          const p = {
            t: String(unixSeconds(now())),
            save: wantsSave ? '1' : '0',
            brand: card.brand,
            last4: card.last4,
          };
          const query = new URLSearchParams({ ...p, sig: threeDsSignature(info.purchaseId, p) });
          return res.redirect(303, `${base(req, info.purchaseId)}/3ds?${query}`);
        }
        return finish(res, info, {
          outcome: 'paid',
          method: 'card',
          savedMethod: wantsSave ? newSavedMethod(card) : null,
        });
      });

      router.get('/:purchaseId/3ds', async (req, res) => {
        const info = await open(req, res);
        if (!info) return;
        const challenge = readThreeDs(info.purchaseId, req.query);
        if (!challenge) return send(res, 400, badLinkPage(info.locale, base(req, info.purchaseId)));
        send(
          res,
          200,
          threeDsPage({
            locale: info.locale,
            amount: info.amount,
            brand: challenge.brand,
            last4: challenge.last4,
            action: `${base(req, info.purchaseId)}/3ds`,
            hidden: challenge,
          }),
          [info.returnUrl],
        );
      });

      router.post('/:purchaseId/3ds', form, async (req, res) => {
        const info = await open(req, res);
        if (!info) return;
        const body = (req.body ?? {}) as Form;
        const challenge = readThreeDs(info.purchaseId, body);
        const decision = text(body, 'decision');
        if (!challenge || (decision !== 'approve' && decision !== 'fail')) {
          return send(res, 400, badLinkPage(info.locale, base(req, info.purchaseId)));
        }
        if (decision === 'fail') {
          return finish(res, info, { outcome: 'failed', method: 'card', reason: 'authentication_failed' });
        }
        return finish(res, info, {
          outcome: 'paid',
          method: 'card',
          savedMethod: challenge.save === '1' ? newSavedMethod(challenge) : null,
        });
      });

      router.get('/:purchaseId/paypal', async (req, res) => {
        const info = await open(req, res);
        if (!info) return;
        send(
          res,
          200,
          paypalPage({
            locale: info.locale,
            packageName: info.packageName,
            amount: info.amount,
            action: `${base(req, info.purchaseId)}/paypal`,
            backUrl: base(req, info.purchaseId),
          }),
          [info.returnUrl],
        );
      });

      router.post('/:purchaseId/paypal', form, async (req, res) => {
        const info = await open(req, res);
        if (!info) return;
        const decision = text((req.body ?? {}) as Form, 'decision');
        // Cancelling at PayPal returns to the checkout, as the real flow does.
        if (decision !== 'approve') return res.redirect(303, base(req, info.purchaseId));
        return finish(res, info, { outcome: 'paid', method: 'paypal', savedMethod: null });
      });

      return router;
    },
  };
  return provider;
}
