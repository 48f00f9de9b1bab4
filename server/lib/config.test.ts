import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// Which payment provider an environment gets (ADR 034).
const payments = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/tmp/squad-config', ...env }).payments;

describe('payment provider configuration', () => {
  it('uses the sandbox outside production and nothing in production without keys', () => {
    expect(payments({}).provider).toBe('sandbox');
    expect(payments({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test:587' }).provider).toBeNull();
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

describe('production essentials', () => {
  it('refuses to start in production without SMTP_URL, and says why', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/squad-config', NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required in production/,
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/squad-config', NODE_ENV: 'development' })).not.toThrow();
  });

  it('turns /metrics off in production unless a token is set, and wants a long token', () => {
    const prod = { DATA_DIR: '/tmp/squad-config', NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test:587' };
    expect(loadConfig(prod).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ ...prod, METRICS_TOKEN: 'a'.repeat(24) }).metrics.enabled).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/squad-config' }).metrics.enabled).toBe(true);
    expect(() => loadConfig({ ...prod, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
