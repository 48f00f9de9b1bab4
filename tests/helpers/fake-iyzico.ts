// This server stands in for iyzico's API because the machine has no internet. It checks the SDK's
// IYZWSv2 authorisation like iyzico does, records the requests and answers with iyzico-shaped JSON,
// signed with the merchant's secret key the way iyzico signs its answers.
//
// Stored cards with a scripted answer on POST /payment/auth: `ctk-declined` (10051, a bank decline)
// and `ctk-unknown` (5080; deleting it fails the same way). Refunding paymentId `unknown` fails with 5093. Everything else succeeds.
import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { iyzicoSignature } from '#server/modules/payments/providers/provider.iyzico.ts';

export type FakeIyzicoRequest = { path: string; body: any; authorised: boolean };

// What the fake remembers about a checkout form, keyed by its token. A test may change it between
// opening the form and the callback to script the payment's outcome.
export type FakeIyzicoCheckout = {
  conversationId: string;
  basketId: string;
  price: number;
  paidPrice: number;
  currency: string;
  paymentStatus: 'SUCCESS' | 'FAILURE' | 'INIT_THREEDS';
  // The retrieve answer carries a stored card (cardUserKey `cuk-123`, cardToken `ctk-456`).
  saveCard?: boolean;
  // The retrieve answer is signed with this key instead of the merchant's.
  signWith?: string;
  // The payment's id (given when the form is opened, as iyzico keeps one per payment).
  paymentId: string;
};

export type FakeIyzico = {
  // http://127.0.0.1:<port>, to be given to the SDK as its base URL.
  url: string;
  // Every request, authorised or not, oldest first; a test may empty it with `requests.length = 0`.
  requests: FakeIyzicoRequest[];
  checkouts: Map<string, FakeIyzicoCheckout>;
  // The ids of the stored-card payments (POST /payment/auth) it accepted, oldest first.
  storedCardPayments: string[];
  // Signs the next answer with `key` instead of the merchant's secret key (a forged answer).
  signNextWith(key: string): void;
  // Forgets the recorded requests and a pending signNextWith; checkouts stay.
  reset(): void;
  close(): Promise<void>;
};

const common = (body: any) => ({ locale: body.locale ?? 'tr', systemTime: Date.now() });
const failure = (body: any, errorCode: string, errorMessage: string) => ({
  status: 'failure',
  errorCode,
  errorMessage,
  ...common(body),
  conversationId: body.conversationId,
});

export async function startFakeIyzico(options: { apiKey: string; secretKey: string }): Promise<FakeIyzico> {
  const requests: FakeIyzicoRequest[] = [];
  const checkouts = new Map<string, FakeIyzicoCheckout>();
  const storedCardPayments: string[] = [];
  let nextKey: string | null = null;

  function authorised(req: http.IncomingMessage, path: string, raw: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('IYZWSv2 ')) return false;
    const fields = Object.fromEntries(
      Buffer.from(header.slice(8), 'base64')
        .toString()
        .split('&')
        .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]),
    );
    const expected = crypto
      .createHmac('sha256', options.secretKey)
      .update(`${fields.randomKey}${path}${raw}`)
      .digest('hex');
    return (
      fields.apiKey === options.apiKey &&
      fields.signature === expected &&
      req.headers['x-iyzi-rnd'] === fields.randomKey
    );
  }

  // iyzico's payment ids are numbers that never repeat; random ones keep runs on a kept database apart.
  const newPaymentId = () => String(crypto.randomInt(10_000_000, 2 ** 47));

  function sign(fields: unknown[]) {
    const key = nextKey ?? options.secretKey;
    nextKey = null;
    return iyzicoSignature(fields, key);
  }

  function handle(path: string, body: any): unknown {
    if (path === '/payment/iyzipos/checkoutform/initialize/auth/ecom') {
      const token = crypto.randomUUID();
      checkouts.set(token, {
        conversationId: body.conversationId,
        basketId: body.basketId,
        price: Number(body.price),
        paidPrice: Number(body.paidPrice),
        currency: body.currency,
        paymentStatus: 'SUCCESS',
        paymentId: newPaymentId(),
      });
      return {
        status: 'success',
        ...common(body),
        conversationId: body.conversationId,
        token,
        checkoutFormContent: '<script type="text/javascript">/* iyzico form */</script>',
        tokenExpireTime: 1800,
        paymentPageUrl: `https://sandbox-cpp.iyzipay.com?token=${token}&lang=${body.locale}`,
        signature: sign([body.conversationId, token]),
      };
    }
    if (path === '/payment/iyzipos/checkoutform/auth/ecom/detail') {
      const state = checkouts.get(body.token);
      if (!state) return failure(body, '5010', 'Geçersiz token');
      const paid = state.paymentStatus === 'SUCCESS';
      const paymentId = paid ? state.paymentId : undefined;
      const result = {
        status: state.paymentStatus === 'FAILURE' ? 'failure' : 'success',
        ...(state.paymentStatus === 'FAILURE'
          ? { errorCode: '10051', errorMessage: 'Kart limiti yetersiz' }
          : {}),
        ...common(body),
        conversationId: state.conversationId,
        price: state.price,
        paidPrice: paid ? state.paidPrice : undefined,
        installment: 1,
        paymentId,
        fraudStatus: 1,
        merchantCommissionRate: 0,
        merchantCommissionRateAmount: 0,
        iyziCommissionRateAmount: 0.54,
        iyziCommissionFee: 0.25,
        cardType: 'CREDIT_CARD',
        cardAssociation: 'MASTER_CARD',
        cardFamily: 'Bonus',
        binNumber: '552879',
        lastFourDigits: '0008',
        basketId: state.basketId,
        currency: state.currency,
        ...(state.saveCard ? { cardUserKey: 'cuk-123', cardToken: 'ctk-456' } : {}),
        token: body.token,
        callbackUrl: 'https://squad.example/webhooks/iyzico/callback',
        paymentStatus: state.paymentStatus,
      };
      if (state.signWith) nextKey = state.signWith;
      return {
        ...result,
        signature: sign([
          result.paymentStatus,
          result.paymentId,
          result.currency,
          result.basketId,
          result.conversationId,
          result.paidPrice,
          result.price,
          result.token,
        ]),
      };
    }
    if (path === '/payment/auth') {
      if (body.paymentCard?.cardToken === 'ctk-declined')
        return failure(body, '10051', 'Kart limiti yetersiz');
      if (body.paymentCard?.cardToken === 'ctk-unknown') return failure(body, '5080', 'Kart bulunamadı');
      const result = {
        status: 'success',
        ...common(body),
        conversationId: body.conversationId,
        price: Number(body.price),
        paidPrice: Number(body.paidPrice),
        installment: 1,
        paymentId: newPaymentId(),
        fraudStatus: 1,
        basketId: body.basketId,
        currency: body.currency,
        cardUserKey: body.paymentCard?.cardUserKey,
        cardToken: body.paymentCard?.cardToken,
        lastFourDigits: '0008',
        phase: 'AUTH',
      };
      storedCardPayments.push(result.paymentId);
      return {
        ...result,
        signature: sign([
          result.paymentId,
          result.currency,
          result.basketId,
          result.conversationId,
          result.paidPrice,
          result.price,
        ]),
      };
    }
    // Card storage: deleting a stored card (DELETE; the fake does not tell methods apart).
    if (path === '/cardstorage/card') {
      if (body.cardToken === 'ctk-unknown') return failure(body, '5080', 'Kart bulunamadı');
      return {
        status: 'success',
        ...common(body),
        cardUserKey: body.cardUserKey,
        cardToken: body.cardToken,
      };
    }
    if (path === '/v2/payment/refund') {
      if (body.paymentId === 'unknown') return failure(body, '5093', 'Ödeme bulunamadı');
      return {
        status: 'success',
        ...common(body),
        conversationId: body.conversationId,
        paymentId: body.paymentId,
        price: Number(body.price),
        currency: body.currency,
        authCode: '581421',
        hostReference: 'mock00007iyzihostrfn',
        refundHostReference: 'mock00007iyzihostrfn',
        retryable: false,
        signature: sign([body.paymentId, body.conversationId]),
      };
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const path = req.url ?? '';
      const body = raw ? JSON.parse(raw) : {};
      const ok = authorised(req, path, raw);
      requests.push({ path, body, authorised: ok });
      const answer = ok ? handle(path, body) : failure(body, '1001', 'api bilgileri bulunamadı');
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(answer ?? { status: 'failure', errorCode: '404', errorMessage: 'Not Found' }));
    });
  });
  // Port 0: the kernel picks a free port, so parallel test files never collide.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    checkouts,
    storedCardPayments,
    signNextWith: (key) => {
      nextKey = key;
    },
    reset: () => {
      requests.length = 0;
      nextKey = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
