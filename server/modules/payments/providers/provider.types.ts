// The contract between the payments service and a payment provider (sandbox, Stripe, iyzico). The
// service owns purchases and crediting; a provider only talks to the outside world: it opens a
// checkout, turns a verified webhook or browser callback into settlements, charges a saved method
// off-session, and refunds.

export type ProviderName = 'sandbox' | 'stripe' | 'iyzico';

// Prices are whole cents; the packages are sold in US dollars.
export type Money = { amountCents: number; currency: 'USD' };
// What a provider reports as charged: its currency as it says it (upper-case ISO code), so a charge in
// any other currency than the package's is seen, and refused, rather than taken for a match.
export type PaidAmount = { amountCents: number; currency: string };

export type CheckoutRequest = {
  purchaseId: string;
  // "Popular Pack"
  packageName: string;
  // "12 token (10 + 2 bonus)" in the buyer's language
  description: string;
  amount: Money;
  customer: {
    userId: string;
    email: string | null;
    name: string;
    city: string | null;
    ip: string | null;
    // The provider's customer id saved from an earlier purchase (Stripe), if any.
    providerCustomerId: string | null;
  };
  // Offer to keep the payment method for auto-refill.
  saveMethod: boolean;
  locale: 'tr' | 'en';
  // Where the browser goes after paying or failing (the SPA's Tokens screen for this purchase).
  returnUrl: string;
  // Where the browser goes when the buyer gives up.
  cancelUrl: string;
  // The checkout stops accepting payment after this.
  expiresAt: Date;
};

export type CheckoutSession = {
  // Where to send the browser.
  checkoutUrl: string;
  // The provider's id of the checkout (Stripe Checkout Session id, iyzico token, our id in sandbox).
  providerRef: string;
};

// A payment method kept for off-session charges (auto-refill).
export type SavedMethod = {
  provider: ProviderName;
  customerId: string | null;
  methodId: string;
  brand: string | null;
  last4: string | null;
};

// What a provider says happened to a purchase.
export type Settlement = {
  // The provider's unique id of this notification or result (dedupe key, with the provider name).
  eventId: string;
  // Our purchase id when the provider echoes it (metadata, conversationId), else null.
  purchaseId: string | null;
  // The checkout's providerRef when known.
  providerRef: string | null;
  outcome: 'paid' | 'failed' | 'expired';
  // The provider's payment id (unique per successful payment); null unless paid.
  paymentId: string | null;
  // What was actually charged; null when unknown (failed, expired). A payment is credited only when
  // this is known and matches the package.
  amount: PaidAmount | null;
  method: 'card' | 'paypal' | null;
  // Present when the buyer agreed to keep the method.
  savedMethod: SavedMethod | null;
  // A short machine reason for failures ("card_declined", "expired", …).
  failureReason: string | null;
};

export type IncomingWebhook = {
  headers: Record<string, string | undefined>;
  rawBody: Buffer;
  // The request's Content-Type without parameters, e.g. "application/json".
  contentType: string;
};

// The webhook's signature or the provider's verification failed: answer 400, credit nothing.
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';
}

// The provider refused or failed a call (network, API error): the caller decides what the user sees.
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    message: string,
    readonly code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  // Verifies a webhook or callback and returns the settlements it carries (an empty list for events
  // that do not concern a purchase). Throws WebhookRejected when verification fails.
  parseWebhook(request: IncomingWebhook): Promise<Settlement[]>;
  // An off-session charge of a saved method (auto-refill). Declines come back as a failed settlement.
  chargeSaved(request: {
    purchaseId: string;
    amount: Money;
    method: SavedMethod;
    description: string;
  }): Promise<Settlement>;
  refund(request: { paymentId: string; amount: Money }): Promise<{ refundId: string }>;
  // Forgets a saved method at the provider (account deleted, method forgotten); a method the
  // provider no longer knows counts as detached.
  detachMethod(method: SavedMethod): Promise<void>;
}
