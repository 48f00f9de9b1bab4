// iyzico's hosted checkout form through the official iyzipay SDK. Nothing iyzico's callbacks or
// webhooks say is trusted: the token they carry is looked up with iyzico's API and the answer's
// signature checked before it becomes a settlement.
import crypto from 'node:crypto';
import Iyzipay from 'iyzipay';
import {
  ProviderError,
  WebhookRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type IncomingWebhook,
  type Money,
  type PaidAmount,
  type PaymentProvider,
  type SavedMethod,
  type Settlement,
} from './provider.types.ts';

export type IyzicoProviderOptions = {
  apiKey: string;
  secretKey: string;
  // https://sandbox-api.iyzipay.com, https://api.iyzipay.com or a test server.
  baseUrl: string;
  publicUrl: string;
  // How long one API call may take.
  timeoutMs?: number;
};

// Answers of iyzipay's API (see iyzipay.d.ts for the part of the SDK used).
type IyzicoResponse = Record<string, unknown> & {
  status?: string;
  errorCode?: string;
  errorMessage?: string;
  signature?: string;
};
type IyzicoResource = Iyzipay['checkoutForm'];

// Squad does not collect TC kimlik numbers; iyzico accepts this placeholder for digital goods.
const PLACEHOLDER_IDENTITY_NUMBER = '11111111111';
// iyzico requires a buyer IP; this is the address of iyzico's own samples, used only when ours is unknown.
const FALLBACK_IP = '85.34.78.112';
const DEFAULT_CITY = 'Istanbul';
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

// iyzico signs its answers: HMAC-SHA256 (hex) of the listed fields joined by ':' (iyzipay's
// utils.calculateHmacSHA256Signature). Array.join writes a missing field as '' and numbers as JS prints
// them, exactly as the SDK does.
export function iyzicoSignature(fields: unknown[], secretKey: string): string {
  return crypto.createHmac('sha256', secretKey).update(fields.join(':')).digest('hex');
}

function signatureMatches(fields: unknown[], secretKey: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(iyzicoSignature(fields, secretKey), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

const price = (money: Money) => (money.amountCents / 100).toFixed(2);

// What iyzico charged, in its currency (the payments service compares it with the package's).
function moneyOf(paidPrice: unknown, currency: unknown): PaidAmount | null {
  const value = typeof paidPrice === 'number' ? paidPrice : Number(paidPrice);
  if (
    typeof currency !== 'string' ||
    !currency ||
    paidPrice === null ||
    paidPrice === '' ||
    !Number.isFinite(value)
  )
    return null;
  return { amountCents: Math.round(value * 100), currency: currency.toUpperCase() };
}

const str = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;

// "Ayşe Nur Yılmaz" → Ayşe Nur / Yılmaz; one word → that word and a placeholder surname.
function splitName(full: string): { name: string; surname: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const cut = trimmed.lastIndexOf(' ');
  if (!trimmed) return { name: 'Squad', surname: 'Üyesi' };
  if (cut < 0) return { name: trimmed, surname: 'Üyesi' };
  return { name: trimmed.slice(0, cut), surname: trimmed.slice(cut + 1) };
}

const BRANDS: Record<string, string> = {
  VISA: 'visa',
  MASTER_CARD: 'mastercard',
  AMERICAN_EXPRESS: 'amex',
  TROY: 'troy',
};

function savedMethodOf(result: IyzicoResponse): SavedMethod | null {
  const cardUserKey = str(result.cardUserKey);
  const cardToken = str(result.cardToken);
  if (!cardUserKey || !cardToken) return null;
  const association = str(result.cardAssociation);
  return {
    provider: 'iyzico',
    customerId: cardUserKey,
    methodId: cardToken,
    brand: association ? (BRANDS[association] ?? association.toLowerCase()) : null,
    last4: str(result.lastFourDigits),
  };
}

// iyzico answers failed payments with bank error codes 10xxx (declines); other failures are errors
// of the request or the service.
const isDecline = (errorCode: string | null) => !!errorCode && /^10\d{3}$/.test(errorCode);

export function createIyzicoProvider(options: IyzicoProviderOptions): PaymentProvider {
  const client = new Iyzipay({ apiKey: options.apiKey, secretKey: options.secretKey, uri: options.baseUrl });
  const secretKey = options.secretKey;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;

  function call(
    resource: IyzicoResource,
    method: 'create' | 'retrieve' | 'delete',
    request: object,
  ): Promise<IyzicoResponse> {
    return new Promise((resolve, reject) => {
      // The SDK sets no timeout of its own.
      const timer = setTimeout(
        () => reject(new ProviderError('iyzico did not answer in time', 'timeout')),
        timeoutMs,
      );
      resource[method](request, (err, result) => {
        clearTimeout(timer);
        if (err) reject(new ProviderError('iyzico request failed', 'network', { cause: err }));
        else if (!result || typeof result !== 'object')
          reject(new ProviderError('iyzico answered without JSON', 'bad_response'));
        else resolve(result as IyzicoResponse);
      });
    });
  }

  function buyerOf(customer: CheckoutRequest['customer'] | null, id: string) {
    const { name, surname } = splitName(customer?.name ?? '');
    const city = customer?.city ?? DEFAULT_CITY;
    return {
      id,
      name,
      surname,
      // iyzico requires an address; Squad knows the buyer's city at most.
      email: customer?.email ?? `${id}@users.squad.invalid`,
      identityNumber: PLACEHOLDER_IDENTITY_NUMBER,
      registrationAddress: city,
      city,
      country: 'Turkey',
      ip: customer?.ip ?? FALLBACK_IP,
    };
  }

  const addressOf = (buyer: ReturnType<typeof buyerOf>) => ({
    contactName: `${buyer.name} ${buyer.surname}`,
    city: buyer.city,
    country: 'Turkey',
    address: buyer.registrationAddress,
  });

  const basketOf = (id: string, name: string, amount: Money) => [
    { id, name, category1: 'Token', itemType: 'VIRTUAL', price: price(amount) },
  ];

  return {
    name: 'iyzico',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const buyer = buyerOf(request.customer, request.customer.userId);
      const result = await call(client.checkoutFormInitialize, 'create', {
        locale: request.locale,
        conversationId: request.purchaseId,
        price: price(request.amount),
        paidPrice: price(request.amount),
        currency: 'USD',
        basketId: request.purchaseId,
        paymentGroup: 'PRODUCT',
        callbackUrl: `${publicUrl}/webhooks/iyzico/callback`,
        enabledInstallments: [1],
        buyer,
        billingAddress: addressOf(buyer),
        basketItems: basketOf(request.purchaseId, request.packageName, request.amount),
      });
      if (result.status !== 'success') {
        throw new ProviderError(
          `iyzico refused the checkout: ${result.errorMessage ?? 'unknown error'}`,
          result.errorCode ?? null,
        );
      }
      if (!signatureMatches([result.conversationId, result.token], secretKey, result.signature)) {
        throw new ProviderError('iyzico checkout answer has a wrong signature', 'bad_signature');
      }
      const token = str(result.token);
      const url = str(result.paymentPageUrl);
      if (result.conversationId !== request.purchaseId || !token || !url) {
        throw new ProviderError('iyzico checkout answer is incomplete', 'bad_response');
      }
      return { checkoutUrl: url, providerRef: token };
    },

    async parseWebhook(request: IncomingWebhook): Promise<Settlement[]> {
      let token: unknown;
      if (request.contentType === 'application/x-www-form-urlencoded') {
        // The browser's return from the checkout form: only the token matters.
        token = new URLSearchParams(request.rawBody.toString('utf8')).get('token');
        if (!token) throw new WebhookRejected('iyzico callback without a token');
      } else if (request.contentType === 'application/json') {
        let body: unknown;
        try {
          body = JSON.parse(request.rawBody.toString('utf8'));
        } catch (err) {
          throw new WebhookRejected('iyzico webhook is not JSON', { cause: err });
        }
        if (!body || typeof body !== 'object') throw new WebhookRejected('iyzico webhook is not an object');
        token = (body as Record<string, unknown>).token;
        // Direct-format notifications (no token) are about API payments whose answer we already have.
        if (token === undefined) return [];
      } else {
        throw new WebhookRejected(`unexpected iyzico content type ${request.contentType}`);
      }
      if (typeof token !== 'string' || !TOKEN.test(token))
        throw new WebhookRejected('malformed iyzico token');

      const result = await call(client.checkoutForm, 'retrieve', { locale: 'tr', token });
      const status = str(result.paymentStatus);
      if (!status) {
        // No payment status at all: iyzico does not know the token (or refused to say).
        throw new WebhookRejected(`iyzico does not know this token (${result.errorCode ?? 'no status'})`);
      }
      const signed = [
        result.paymentStatus,
        result.paymentId,
        result.currency,
        result.basketId,
        result.conversationId,
        result.paidPrice,
        result.price,
        result.token,
      ];
      if (!signatureMatches(signed, secretKey, result.signature) || result.token !== token) {
        throw new WebhookRejected('iyzico checkout result has a wrong signature');
      }
      const base = {
        eventId: `cf:${token}:${status}`,
        purchaseId: str(result.basketId) ?? str(result.conversationId),
        providerRef: token,
        method: 'card' as const,
      };
      if (status === 'SUCCESS') {
        const paymentId = str(result.paymentId);
        if (!paymentId) throw new WebhookRejected('iyzico success without a payment id');
        return [
          {
            ...base,
            outcome: 'paid',
            paymentId,
            amount: moneyOf(result.paidPrice, result.currency),
            savedMethod: savedMethodOf(result),
            failureReason: null,
          },
        ];
      }
      if (status === 'FAILURE') {
        return [
          {
            ...base,
            outcome: 'failed',
            paymentId: null,
            amount: null,
            savedMethod: null,
            failureReason: str(result.errorCode) ?? 'payment_failed',
          },
        ];
      }
      // INIT_THREEDS, CALLBACK_THREEDS, …: not finished yet.
      return [];
    },

    async chargeSaved({ purchaseId, amount, method, description }): Promise<Settlement> {
      if (method.provider !== 'iyzico' || !method.customerId) {
        throw new ProviderError('not an iyzico stored card', 'invalid_method');
      }
      // The contract gives no buyer here; iyzico needs one, so the card owner's key stands in for it.
      const buyer = buyerOf(null, method.customerId);
      const result = await call(client.payment, 'create', {
        locale: 'tr',
        conversationId: purchaseId,
        price: price(amount),
        paidPrice: price(amount),
        currency: 'USD',
        installment: 1,
        basketId: purchaseId,
        paymentChannel: 'WEB',
        paymentGroup: 'PRODUCT',
        paymentCard: { cardUserKey: method.customerId, cardToken: method.methodId },
        buyer,
        billingAddress: addressOf(buyer),
        basketItems: basketOf(purchaseId, description || 'Squad token', amount),
      });
      const base = { purchaseId, providerRef: null, method: 'card' as const, savedMethod: null };
      if (result.status !== 'success') {
        const errorCode = str(result.errorCode);
        if (!isDecline(errorCode) && result.paymentStatus !== 'FAILURE') {
          throw new ProviderError(
            `iyzico refused the charge: ${result.errorMessage ?? 'unknown error'}`,
            errorCode,
          );
        }
        return {
          ...base,
          eventId: `pay:${purchaseId}:failed:${errorCode ?? 'unknown'}`,
          outcome: 'failed',
          paymentId: null,
          amount: null,
          failureReason: errorCode ?? 'payment_failed',
        };
      }
      const signed = [
        result.paymentId,
        result.currency,
        result.basketId,
        result.conversationId,
        result.paidPrice,
        result.price,
      ];
      if (!signatureMatches(signed, secretKey, result.signature)) {
        throw new ProviderError('iyzico payment answer has a wrong signature', 'bad_signature');
      }
      const paymentId = str(result.paymentId);
      if (!paymentId || result.conversationId !== purchaseId) {
        throw new ProviderError('iyzico payment answer is incomplete', 'bad_response');
      }
      return {
        ...base,
        eventId: `pay:${paymentId}`,
        outcome: 'paid',
        paymentId,
        amount: moneyOf(result.paidPrice, result.currency),
        failureReason: null,
      };
    },

    async refund({ paymentId, amount }) {
      // Refund v2 works on the payment id (v1 wants each basket item's transaction id).
      const result = await call(client.refundV2, 'create', {
        locale: 'tr',
        conversationId: paymentId,
        paymentId,
        price: price(amount),
        currency: 'USD',
        ip: FALLBACK_IP,
      });
      if (result.status !== 'success') {
        throw new ProviderError(
          `iyzico refused the refund: ${result.errorMessage ?? 'unknown error'}`,
          str(result.errorCode),
        );
      }
      if (!signatureMatches([result.paymentId, result.conversationId], secretKey, result.signature)) {
        throw new ProviderError('iyzico refund answer has a wrong signature', 'bad_signature');
      }
      const refundId = str(result.refundHostReference) ?? str(result.hostReference);
      if (!refundId) throw new ProviderError('iyzico refund answer has no reference', 'bad_response');
      return { refundId };
    },

    // Card storage: the stored card (cardToken) of the card user (cardUserKey) is deleted.
    async detachMethod(method) {
      if (method.provider !== 'iyzico' || !method.customerId) return;
      const result = await call(client.card, 'delete', {
        locale: 'tr',
        conversationId: method.methodId,
        cardUserKey: method.customerId,
        cardToken: method.methodId,
      });
      // A failure is retried by the job queue (payments.detachMethod), then logged.
      if (result.status !== 'success') {
        throw new ProviderError(
          `iyzico refused to delete the card: ${result.errorMessage ?? 'unknown error'}`,
          str(result.errorCode),
        );
      }
    },
  };
}
