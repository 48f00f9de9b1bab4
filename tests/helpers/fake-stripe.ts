// This server stands in for Stripe's REST API because the machine has no internet (and stripe-mock,
// Stripe's own fake, is a Go binary that is not available here). It plays the three endpoints the
// adapter uses (and detaching a payment method), records what the SDK sent, and answers with objects shaped like Stripe's.
//
// Payment methods with a scripted answer on POST /v1/payment_intents:
// - `pm_card_chargeDeclined`: 402 card_error (card_declined / generic_decline), like Stripe's test card;
// - `pm_missing`: 400 invalid_request_error resource_missing (also on POST .../detach).
// Every other payment method succeeds.
import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import Stripe from 'stripe';

export type FakeStripeRequest = {
  path: string;
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
};

export type FakeStripe = {
  // http://127.0.0.1:<port>, to be given to the SDK as its API base.
  url: string;
  // Every authorised request, oldest first; a test may empty it with `requests.length = 0`.
  requests: FakeStripeRequest[];
  close(): Promise<void>;
};

const sid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': sid('req') });
  res.end(JSON.stringify(body));
}

function paymentIntent(p: Record<string, string>, status: string) {
  return {
    id: sid('pi'),
    object: 'payment_intent',
    amount: Number(p.amount),
    amount_received: status === 'succeeded' ? Number(p.amount) : 0,
    currency: p.currency,
    customer: p.customer,
    payment_method: p.payment_method,
    payment_method_types: ['card'],
    metadata: { purchaseId: p['metadata[purchaseId]'] },
    status,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
  };
}

function handle(
  secretKey: string,
  requests: FakeStripeRequest[],
  req: http.IncomingMessage,
  body: string,
  res: http.ServerResponse,
) {
  if (req.headers.authorization !== `Bearer ${secretKey}`) {
    return answer(res, 401, {
      error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
    });
  }
  const params = Object.fromEntries(new URLSearchParams(body));
  requests.push({ path: req.url ?? '', params, headers: req.headers });
  if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
    const id = sid('cs_test');
    return answer(res, 200, {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(params['line_items[0][price_data][unit_amount]']),
      currency: params['line_items[0][price_data][currency]'],
      client_reference_id: params.client_reference_id,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      metadata: { purchaseId: params['metadata[purchaseId]'] },
      expires_at: Number(params.expires_at),
      locale: params.locale,
      payment_intent: null,
      livemode: false,
    });
  }
  if (req.method === 'POST' && req.url === '/v1/payment_intents') {
    if (params.payment_method === 'pm_card_chargeDeclined') {
      return answer(res, 402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: {
            ...paymentIntent(params, 'requires_payment_method'),
            last_payment_error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
            },
          },
        },
      });
    }
    if (params.payment_method === 'pm_missing') {
      return answer(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: "No such PaymentMethod: 'pm_missing'",
        },
      });
    }
    return answer(res, 200, paymentIntent(params, 'succeeded'));
  }
  if (req.method === 'POST' && req.url === '/v1/refunds') {
    return answer(res, 200, {
      id: sid('re'),
      object: 'refund',
      amount: Number(params.amount),
      currency: 'usd',
      payment_intent: params.payment_intent,
      status: 'succeeded',
    });
  }
  const detach =
    req.method === 'POST' ? /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(req.url ?? '') : null;
  if (detach) {
    if (detach[1] === 'pm_missing') {
      return answer(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: "No such PaymentMethod: 'pm_missing'",
        },
      });
    }
    return answer(res, 200, { id: detach[1], object: 'payment_method', type: 'card', customer: null });
  }
  answer(res, 404, {
    error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.url})` },
  });
}

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(options.secretKey, requests, req, Buffer.concat(chunks).toString(), res));
  });
  // Port 0: the kernel picks a free port, so parallel test files never collide.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

// Signs an event the way Stripe does, with the SDK's own test helper, for tests that post webhooks.
// `timestamp` (seconds) lets a test sign a stale event.
export function stripeWebhook(
  payload: object,
  secret: string,
  options: { timestamp?: number } = {},
): { body: string; signature: string } {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { body, signature };
}
