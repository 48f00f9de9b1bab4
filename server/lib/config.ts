import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const flag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : !['0', 'false', 'no', 'off'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText,
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // How long a request waits for a pooled database connection before it is answered 503 (ADR 052).
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  REDIS_URL: optionalUrl,
  COGNITO_REGION: z.string().default('eu-central-1'),
  COGNITO_USER_POOL_ID: optionalText,
  COGNITO_CLIENT_ID: optionalText,
  COGNITO_DOMAIN: optionalUrl,
  // The built-in provider hides which e-mail addresses have accounts (Cognito's
  // PreventUserExistenceErrors, ADR 059); 0 answers UserNotFoundException instead.
  PREVENT_USER_EXISTENCE_ERRORS: flag(true),
  // How long the built-in provider's access and ID tokens live (Cognito's AccessTokenValidity, 5 min
  // to 1 day); under 5 min only outside production, for tests of a session's refresh (ADR 065).
  ACCESS_TOKEN_VALIDITY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Squad <no-reply@squad.local>'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('eu-central-1'),
  // The S3 endpoint as browsers reach it (presigned PUTs), when it differs from S3_ENDPOINT.
  S3_PUBLIC_ENDPOINT: optionalUrl,
  // Where processed pictures are served from (a CDN or a public bucket); default: the app's /media.
  MEDIA_PUBLIC_URL: optionalUrl,
  GEOCODER_URL: optionalUrl,
  MAP_TILE_URL: z.string().default('https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png'),
  // Payments (ADR 034): the provider, else Stripe or iyzico when their keys are set, else the sandbox
  // (not in production).
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'iyzico']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Another Stripe API address (stripe-mock, a test server); default api.stripe.com.
  STRIPE_API_BASE: optionalUrl,
  IYZICO_API_KEY: optionalText,
  IYZICO_SECRET_KEY: optionalText,
  IYZICO_BASE_URL: z.url().default('https://sandbox-api.iyzipay.com'),
  // This instance works the job queue (reminders, expiry, rewards); 0 only enqueues.
  JOB_WORKER: flag(true),
  MODERATION_LLM_URL: optionalUrl,
  MODERATION_LLM_MODEL: optionalText,
  MODERATION_LLM_KEY: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  SEED_DEMO: flag(true),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // Who may ask the schema: everyone, signed-in users only, nobody. Default: public outside
  // production, signed-in in production.
  GRAPHQL_INTROSPECTION: z.enum(['public', 'signed-in', 'off']).optional(),
  // The offline GraphiQL page at /graphiql. Default: on outside production, off in production.
  GRAPHIQL: optionalText,
  // A request's headers must arrive within this, its whole body within the request timeout; idle
  // keep-alive connections close after the keep-alive timeout (longer than the proxy's, 60 s).
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(65_000),
  // Bearer token for GET /metrics (Prometheus). Without it: open outside production, off in production.
  METRICS_TOKEN: optionalText,
  // Web Push (ADR 046): the VAPID key pair (base64url, as web-push generates it) and the contact the
  // push services see. Without the keys a pair is generated once and kept in the database.
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  // Hosts a push subscription may name besides the browsers' push services (comma-separated host
  // names or addresses; a test's push service on 127.0.0.1). Never needed in production (ADR 055).
  PUSH_EXTRA_HOSTS: optionalText,
});

// TRUST_PROXY: how many proxy hops in front of the app set X-Forwarded-For (a number), or which
// proxies to trust (addresses or CIDR ranges, comma-separated, or Express's names loopback,
// linklocal, uniquelocal). `true` (trust every hop) would let a client choose its own address and
// is refused.
export function parseTrustProxy(value: string | undefined): number | string[] {
  if (value === undefined) return ['loopback'];
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '*') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust every X-Forwarded-For hop a client sends. Set the number of proxies ' +
        'in front of the app (e.g. 1) or their addresses/networks (e.g. 10.0.0.0/8).',
    );
  }
  if (v === 'false' || v === '0' || v === 'none') return 0;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  // Express 'trust proxy': a hop count or the trusted proxies' addresses/networks (never `true`).
  trustProxy: number | string[];
  database: { url: string | undefined; poolMax: number; poolWaitMs: number };
  redisUrl: string | undefined;
  cognito: {
    // Set when a real Cognito user pool is configured; otherwise the built-in provider answers.
    external: boolean;
    region: string;
    userPoolId: string;
    clientId: string;
    endpoint: string;
    domain: string;
    issuer: string;
    // The built-in provider's PreventUserExistenceErrors (a real pool has its own setting).
    preventUserExistenceErrors: boolean;
    // The built-in provider's access and ID token lifetime.
    accessTokenValiditySeconds: number;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  s3: {
    bucket: string | undefined;
    endpoint: string | undefined;
    publicEndpoint: string | undefined;
    region: string;
  };
  media: { publicUrl: string | undefined };
  geocoderUrl: string | undefined;
  mapTileUrl: string;
  moderationLlm: { url: string | undefined; model: string | undefined; key: string | undefined };
  payments: {
    provider: 'sandbox' | 'stripe' | 'iyzico' | null;
    stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined };
    iyzico: { apiKey: string | undefined; secretKey: string | undefined; baseUrl: string };
  };
  jobWorker: boolean;
  google: { clientId: string | undefined; clientSecret: string | undefined; issuer: string };
  seedDemo: boolean;
  shutdownTimeoutMs: number;
  introspection: 'public' | 'signed-in' | 'off';
  graphiql: boolean;
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  // /metrics: off, open (development without a token) or behind `Authorization: Bearer <token>`.
  metrics: { enabled: boolean; token: string | undefined };
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  // Hosts a push endpoint may name without being a known push service or a public address.
  push: { extraHosts: string[] };
};

export class ConfigError extends Error {}

// Embedded identity: a fixed pool id and client id so tokens look like Cognito's.
export const EMBEDDED_USER_POOL_ID = 'eu-central-1_SquadLocal';
export const EMBEDDED_CLIENT_ID = 'squad-web';

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const external = Boolean(e.COGNITO_USER_POOL_ID && e.COGNITO_CLIENT_ID);
  if (Boolean(e.COGNITO_USER_POOL_ID) !== Boolean(e.COGNITO_CLIENT_ID)) {
    throw new ConfigError('COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set together.');
  }
  const provider =
    e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : e.IYZICO_API_KEY ? 'iyzico' : null);
  if (provider === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET))
    throw new ConfigError('Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  if (provider === 'iyzico' && !(e.IYZICO_API_KEY && e.IYZICO_SECRET_KEY))
    throw new ConfigError('iyzico needs IYZICO_API_KEY and IYZICO_SECRET_KEY.');
  // The sandbox hands out tokens for test cards: never where real users are.
  if (provider === 'sandbox' && e.NODE_ENV === 'production')
    throw new ConfigError(
      'PAYMENT_PROVIDER=sandbox gives tokens without payment; it cannot run in production.',
    );
  // Production without SMTP would put verification and reset mails into an outbox nobody can read.
  if (e.NODE_ENV === 'production' && !e.SMTP_URL)
    throw new ConfigError(
      'SMTP_URL is required in production: without it, verification links and password reset codes ' +
        'are never delivered (e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465).',
    );
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.');
  if (e.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(e.VAPID_SUBJECT))
    throw new ConfigError('VAPID_SUBJECT must be a mailto: address or an https:// URL.');
  if (e.METRICS_TOKEN !== undefined && e.METRICS_TOKEN.length < 16)
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24).');
  if (e.NODE_ENV === 'production' && e.ACCESS_TOKEN_VALIDITY_SECONDS < 300)
    throw new ConfigError('ACCESS_TOKEN_VALIDITY_SECONDS must be at least 300 in production (as Cognito).');
  const cognito = external
    ? {
        external,
        region: e.COGNITO_REGION,
        userPoolId: e.COGNITO_USER_POOL_ID!,
        clientId: e.COGNITO_CLIENT_ID!,
        endpoint: `https://cognito-idp.${e.COGNITO_REGION}.amazonaws.com/`,
        domain: (e.COGNITO_DOMAIN ?? '').replace(/\/+$/, ''),
        issuer: `https://cognito-idp.${e.COGNITO_REGION}.amazonaws.com/${e.COGNITO_USER_POOL_ID}`,
        preventUserExistenceErrors: e.PREVENT_USER_EXISTENCE_ERRORS,
        accessTokenValiditySeconds: e.ACCESS_TOKEN_VALIDITY_SECONDS,
      }
    : {
        external,
        region: e.COGNITO_REGION,
        userPoolId: EMBEDDED_USER_POOL_ID,
        clientId: EMBEDDED_CLIENT_ID,
        endpoint: `${publicUrl}/cognito/`,
        domain: publicUrl,
        issuer: publicUrl,
        preventUserExistenceErrors: e.PREVENT_USER_EXISTENCE_ERRORS,
        accessTokenValiditySeconds: e.ACCESS_TOKEN_VALIDITY_SECONDS,
      };
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, poolWaitMs: e.DATABASE_POOL_WAIT_MS },
    redisUrl: e.REDIS_URL,
    cognito,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      publicEndpoint: e.S3_PUBLIC_ENDPOINT,
      region: e.S3_REGION,
    },
    media: { publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') },
    geocoderUrl: e.GEOCODER_URL,
    mapTileUrl: e.MAP_TILE_URL,
    payments: {
      provider: provider ?? (e.NODE_ENV === 'production' ? null : 'sandbox'),
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        apiBase: e.STRIPE_API_BASE,
      },
      iyzico: { apiKey: e.IYZICO_API_KEY, secretKey: e.IYZICO_SECRET_KEY, baseUrl: e.IYZICO_BASE_URL },
    },
    jobWorker: e.JOB_WORKER,
    moderationLlm: {
      url: e.MODERATION_LLM_URL,
      model: e.MODERATION_LLM_MODEL,
      key: e.MODERATION_LLM_KEY,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
    },
    seedDemo: e.SEED_DEMO && e.NODE_ENV !== 'production',
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    introspection: e.GRAPHQL_INTROSPECTION ?? (e.NODE_ENV === 'production' ? 'signed-in' : 'public'),
    graphiql:
      e.GRAPHIQL === undefined
        ? e.NODE_ENV !== 'production'
        : !['0', 'false', 'no', 'off'].includes(e.GRAPHIQL.toLowerCase()),
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    metrics: { enabled: e.NODE_ENV !== 'production' || Boolean(e.METRICS_TOKEN), token: e.METRICS_TOKEN },
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      // Push services want a way to reach the sender: the address mails come from.
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    },
    push: {
      extraHosts: (e.PUSH_EXTRA_HOSTS ?? '')
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    },
  };
}
