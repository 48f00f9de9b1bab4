// Stripe Checkout through the official SDK: a hosted checkout per purchase, verified webhooks turned
// into settlements, off-session charges of saved cards (auto-refill) and refunds.
import Stripe from 'stripe';
import {
  ProviderError,
  WebhookRejected,
  type CheckoutRequest,
  type CheckoutSession,
  type IncomingWebhook,
  type PaidAmount,
  type PaymentProvider,
  type SavedMethod,
  type Settlement,
} from './provider.types.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  // Makes relative return/cancel URLs absolute (Stripe wants absolute ones).
  publicUrl: string;
  // Another API address than api.stripe.com (tests), e.g. http://127.0.0.1:12111.
  apiBase?: string;
  now?: () => Date;
};

// Stripe accepts a Checkout Session expiry between 30 minutes and 24 hours ahead.
const MIN_EXPIRY_S = 30 * 60 + 60;
const MAX_EXPIRY_S = 24 * 60 * 60 - 60;

function apiAddress(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

// What Stripe charged, in its currency (the payments service compares it with the package's).
const usd = (amountCents: number | null, currency: string | null): PaidAmount | null =>
  amountCents != null && currency ? { amountCents, currency: currency.toUpperCase() } : null;

const onlyCard = (types: string[] | null | undefined) =>
  types?.length === 1 && types[0] === 'card' ? ('card' as const) : null;

function toProviderError(err: unknown, what: string): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    return new ProviderError(`Stripe ${what} failed: ${err.message}`, err.code ?? err.type, { cause: err });
  }
  return new ProviderError(`Stripe ${what} failed`, null, { cause: err });
}

function sessionSettlement(event: Stripe.Event, session: Stripe.Checkout.Session): Settlement {
  return {
    eventId: event.id,
    purchaseId: session.metadata?.purchaseId ?? session.client_reference_id ?? null,
    providerRef: session.id,
    outcome: 'failed',
    paymentId: null,
    amount: null,
    method: onlyCard(session.payment_method_types),
    savedMethod: null,
    failureReason: null,
  };
}

function savedMethodOf(pi: Stripe.PaymentIntent): SavedMethod | null {
  const methodId = idOf(pi.payment_method);
  const customerId = idOf(pi.customer);
  if (!pi.setup_future_usage || !methodId || !customerId) return null;
  // Webhook payloads carry the ids only; brand and last 4 come along when the method is expanded.
  const card = typeof pi.payment_method === 'object' ? pi.payment_method?.card : undefined;
  return {
    provider: 'stripe',
    customerId,
    methodId,
    brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
  };
}

function settlementsOfStripeEvent(event: Stripe.Event): Settlement[] {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // "unpaid" is a delayed method still on its way: async_payment_succeeded/failed follows.
      if (session.payment_status !== 'paid') return [];
      const paymentIntent = idOf(session.payment_intent);
      return [
        {
          ...sessionSettlement(event, session),
          outcome: 'paid',
          // Every paid payment-mode session has a PaymentIntent; the session id is a last resort.
          paymentId: paymentIntent ?? session.id,
          amount: usd(session.amount_total, session.currency),
        },
      ];
    }
    case 'checkout.session.async_payment_failed':
      return [{ ...sessionSettlement(event, event.data.object), failureReason: 'async_payment_failed' }];
    case 'checkout.session.expired':
      return [
        {
          ...sessionSettlement(event, event.data.object),
          outcome: 'expired',
          method: null,
          failureReason: 'expired',
        },
      ];
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      return [
        {
          eventId: event.id,
          purchaseId: pi.metadata?.purchaseId ?? null,
          providerRef: null,
          outcome: 'paid',
          paymentId: pi.id,
          amount: usd(pi.amount_received, pi.currency),
          method: onlyCard(pi.payment_method_types),
          savedMethod: savedMethodOf(pi),
          failureReason: null,
        },
      ];
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return [
        {
          eventId: event.id,
          purchaseId: pi.metadata?.purchaseId ?? null,
          providerRef: null,
          outcome: 'failed',
          paymentId: null,
          amount: null,
          method: onlyCard(pi.payment_method_types),
          savedMethod: null,
          failureReason: pi.last_payment_error?.code ?? 'payment_failed',
        },
      ];
    }
    default:
      return [];
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...apiAddress(options.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Squad' },
  });
  const now = options.now ?? (() => new Date());
  const absolute = (url: string) => new URL(url, options.publicUrl).href;

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const { purchaseId, customer } = request;
      const nowS = Math.floor(now().getTime() / 1000);
      const wanted = Math.floor(request.expiresAt.getTime() / 1000);
      const expiresAt = Math.min(Math.max(wanted, nowS + MIN_EXPIRY_S), nowS + MAX_EXPIRY_S);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amount.amountCents,
              product_data: { name: request.packageName, description: request.description },
            },
          },
        ],
        client_reference_id: purchaseId,
        metadata: { purchaseId },
        payment_intent_data: {
          metadata: { purchaseId },
          ...(request.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
        },
        ...(customer.providerCustomerId
          ? { customer: customer.providerCustomerId }
          : {
              customer_creation: 'always' as const,
              ...(customer.email ? { customer_email: customer.email } : {}),
            }),
        success_url: absolute(request.returnUrl),
        cancel_url: absolute(request.cancelUrl),
        locale: request.locale,
        expires_at: expiresAt,
      };
      try {
        const session = await stripe.checkout.sessions.create(params, {
          idempotencyKey: `checkout:${purchaseId}`,
        });
        if (!session.url)
          throw new ProviderError('Stripe returned a Checkout Session without a URL', 'no_url');
        return { checkoutUrl: session.url, providerRef: session.id };
      } catch (err) {
        throw toProviderError(err, 'checkout');
      }
    },

    async parseWebhook(request: IncomingWebhook): Promise<Settlement[]> {
      const key = Object.keys(request.headers).find((k) => k.toLowerCase() === 'stripe-signature');
      const signature = key === undefined ? undefined : request.headers[key];
      if (!signature) throw new WebhookRejected('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.rawBody, signature, options.webhookSecret);
      } catch (err) {
        throw new WebhookRejected('Stripe webhook signature verification failed', { cause: err });
      }
      return settlementsOfStripeEvent(event);
    },

    async chargeSaved({ purchaseId, amount, method, description }): Promise<Settlement> {
      if (method.provider !== 'stripe' || !method.customerId) {
        throw new ProviderError('not a Stripe payment method with a customer', 'invalid_method');
      }
      const base = { purchaseId, providerRef: null, method: 'card' as const, savedMethod: null };
      const failed = (eventId: string, reason: string): Settlement => ({
        ...base,
        eventId,
        outcome: 'failed',
        paymentId: null,
        amount: null,
        failureReason: reason,
      });
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.paymentIntents.create(
          {
            amount: amount.amountCents,
            currency: 'usd',
            customer: method.customerId,
            payment_method: method.methodId,
            off_session: true,
            confirm: true,
            description,
            metadata: { purchaseId },
          },
          { idempotencyKey: `autorefill:${purchaseId}` },
        );
      } catch (err) {
        // A decline (or a bank asking for the buyer, who is not there) is an answer, not an outage.
        if (err instanceof Stripe.errors.StripeCardError) {
          const piId = err.payment_intent?.id;
          return failed(
            piId ? `pi:${piId}:failed` : `autorefill:${purchaseId}:failed`,
            err.decline_code ?? err.code ?? 'card_declined',
          );
        }
        throw toProviderError(err, 'off-session charge');
      }
      if (pi.status === 'succeeded') {
        return {
          ...base,
          eventId: `pi:${pi.id}`,
          outcome: 'paid',
          paymentId: pi.id,
          amount: usd(pi.amount_received || pi.amount, pi.currency),
          failureReason: null,
        };
      }
      // Cards settle at once; anything still processing ends in a payment_intent.* webhook.
      if (pi.status === 'processing')
        throw new ProviderError('Stripe is still processing the charge', 'processing');
      const reason =
        pi.last_payment_error?.decline_code ??
        pi.last_payment_error?.code ??
        (pi.status === 'requires_action' ? 'authentication_required' : pi.status);
      return failed(`pi:${pi.id}:${pi.status}`, reason);
    },

    async refund({ paymentId, amount }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amount.amountCents },
          { idempotencyKey: `refund:${paymentId}:${amount.amountCents}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new ProviderError(
            `Stripe refund ${refund.id} ${refund.status}`,
            refund.failure_reason ?? refund.status,
          );
        }
        return { refundId: refund.id };
      } catch (err) {
        throw toProviderError(err, 'refund');
      }
    },

    async detachMethod(method) {
      if (method.provider !== 'stripe') return;
      try {
        await stripe.paymentMethods.detach(method.methodId);
      } catch (err) {
        // Unknown to Stripe, or no longer attached to a customer: nothing is kept there.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          (err.code === 'resource_missing' || /not attached/i.test(err.message))
        )
          return;
        throw toProviderError(err, 'detach');
      }
    },
  };
}
