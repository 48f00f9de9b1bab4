import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// Which payment provider an environment gets (ADR 034).
const payments = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/tmp/squad-config', ...env }).payments;

describe('payment provider configuration', () => {
  it('uses the sandbox outside production and nothing in production without keys', () => {
    expect(payments({}).provider).toBe('sandbox');
    expect(payments({ NODE_ENV: 'production' }).provider).toBeNull();
  });

  it('picks the provider whose keys are set, and wants all of them', () => {
    expect(payments({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).provider).toBe(
      'stripe',
    );
    expect(payments({ IYZICO_API_KEY: 'k', IYZICO_SECRET_KEY: 's' }).provider).toBe('iyzico');
    expect(() => payments({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => payments({ PAYMENT_PROVIDER: 'iyzico', IYZICO_API_KEY: 'k' })).toThrow(ConfigError);
  });

  it('refuses the sandbox in production: it gives tokens for test cards', () => {
    expect(() => payments({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /cannot run in production/,
    );
  });
});
