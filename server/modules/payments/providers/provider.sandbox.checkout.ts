// The sandbox's checkout pages (card form, 3-D Secure, PayPal) as routes; what they decide goes to
// the provider's `complete`, which sends it on as a signed webhook event.
import express, { Router, type Request, type Response } from 'express';
import type { SavedMethod } from './provider.types.ts';
import { cardBehaviour, checkCard, type CheckedCard } from './provider.sandbox.cards.ts';
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
import { equalHex, hmacHex, random, unixSeconds } from './provider.sandbox.signing.ts';
import type { SandboxPurchaseInfo } from './provider.sandbox.ts';

// How long a 3-D Secure challenge link stays usable.
const THREE_DS_TTL_S = 10 * 60;

export type Outcome =
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

export function sandboxCheckoutRouter(options: {
  secret: Buffer;
  now: () => Date;
  lookup: (purchaseId: string) => Promise<SandboxPurchaseInfo | null>;
  payable: (info: SandboxPurchaseInfo) => boolean;
  complete: (info: SandboxPurchaseInfo, result: Outcome) => Promise<void>;
}): Router {
  const { secret, now, lookup, payable, complete } = options;

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
}
