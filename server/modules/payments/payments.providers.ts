import type { Config } from '#server/lib/config.ts';
import { createIyzicoProvider } from './providers/provider.iyzico.ts';
import { createSandboxProvider, type SandboxPurchaseInfo } from './providers/provider.sandbox.ts';
import { createStripeProvider } from './providers/provider.stripe.ts';
import type { IncomingWebhook, PaymentProvider } from './providers/provider.types.ts';

// The provider the configuration chooses (PAYMENT_PROVIDER, or the one whose keys are set); the
// sandbox needs a way to read a purchase and to hand its events to the webhook path.
export function createProvider(
  config: Pick<Config, 'payments' | 'publicUrl'>,
  sandbox: {
    secret: Buffer;
    lookup: (purchaseId: string) => Promise<SandboxPurchaseInfo | null>;
    deliver: (webhook: IncomingWebhook) => Promise<void>;
  },
  // The app's clock (tests move it): checkout expiry and the sandbox's signatures follow it.
  now: () => Date = () => new Date(),
): PaymentProvider | null {
  const { payments, publicUrl } = config;
  switch (payments.provider) {
    case 'stripe':
      return createStripeProvider({
        secretKey: payments.stripe.secretKey!,
        webhookSecret: payments.stripe.webhookSecret!,
        publicUrl,
        apiBase: payments.stripe.apiBase,
        now,
      });
    case 'iyzico':
      return createIyzicoProvider({
        apiKey: payments.iyzico.apiKey!,
        secretKey: payments.iyzico.secretKey!,
        baseUrl: payments.iyzico.baseUrl,
        publicUrl,
      });
    case 'sandbox':
      return createSandboxProvider({ publicUrl, ...sandbox, now });
    default:
      return null;
  }
}
