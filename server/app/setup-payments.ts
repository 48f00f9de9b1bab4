import crypto from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import { isDatabaseUnavailable } from '#db/client.ts';
import { AppError, ErrorCode, RETRY_AFTER_SECONDS, serviceUnavailable } from '#server/errors/app-error.ts';
import type { Inflight } from '#server/lib/inflight.ts';
import { WebhookRejected } from '#server/modules/payments/providers/provider.types.ts';
import type { Services } from '#server/modules/services.ts';
import { sendError } from '#server/rest/router.ts';

// Payments over HTTP (ADR 034): providers' webhooks, iyzico's browser callback and the sandbox's
// checkout pages. The raw body is kept: signatures are over the exact bytes.
export async function mountPayments(app: Express, options: { services: Services; inflight: Inflight }) {
  const { payments } = options.services;
  const raw = express.raw({ type: () => true, limit: '1mb' });

  const incoming = (req: Request) => ({
    headers: Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
    ),
    rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    contentType: (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase(),
  });

  const fail = (req: Request, res: Response, err: unknown) => {
    if (err instanceof WebhookRejected) {
      req.log.warn({ err }, 'payment webhook rejected');
      res.status(400).json({ received: false, error: 'invalid signature' });
      return;
    }
    if (err instanceof AppError) return sendError(res, err);
    if (isDatabaseUnavailable(err)) {
      // The provider retries later; nothing was credited.
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return sendError(res, serviceUnavailable(err));
    }
    const errorId = crypto.randomUUID();
    req.log.error({ err, errorId }, 'payment webhook failed');
    sendError(res, new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'error.internal', { params: { errorId } }));
  };

  // iyzico sends the browser back here after its payment page; the result is read from iyzico.
  app.post('/webhooks/iyzico/callback', raw, (req, res) => {
    void options.inflight.track(async () => {
      try {
        const [first] = await payments.handleWebhook('iyzico', incoming(req));
        const target = first
          ? `/dashboard/tokens?purchase=${first.purchase.id}`
          : '/dashboard/tokens?purchase=unknown';
        res.redirect(303, target);
      } catch (err) {
        fail(req, res, err);
      }
    });
  });

  app.post('/webhooks/:provider', raw, (req, res) => {
    void options.inflight.track(async () => {
      try {
        await payments.handleWebhook(String(req.params.provider), incoming(req));
        res.json({ received: true });
      } catch (err) {
        fail(req, res, err);
      }
    });
  });

  // The sandbox's hosted-checkout look-alike (embedded default).
  const provider = await payments.provider().catch(() => null);
  if (provider && provider.name === 'sandbox' && 'router' in provider)
    app.use('/checkout/sandbox', (provider as { router(): express.Router }).router());
}
