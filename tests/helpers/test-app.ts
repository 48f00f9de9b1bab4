import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { createApp, type App } from '#server/app/create-app.ts';
import { mintAccessToken, type TokenIdentity } from '#server/identity/tokens.ts';
import { loadConfig } from '#server/lib/config.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Channel } from '#server/pubsub/channels.ts';

export type TestApp = App & {
  baseUrl: string;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<GqlResponse<T>>;
  rest<T = any>(
    method: string,
    urlPath: string,
    options?: RequestOptions & { body?: unknown },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  newUser(overrides?: Partial<TokenIdentity>): Promise<TestUser>;
  // An account of the built-in provider (as if signed up and confirmed) and an access token for it.
  newIdentity(sub?: string): Promise<{ sub: string; token: string }>;
  tokenFor(who: TokenIdentity, options?: { ttlSeconds?: number }): string;
  ws(token?: string, params?: Record<string, string>): Client;
  // Resolves once this instance has a live subscriber on the channel (the readiness signal tests wait
  // for before causing what the subscription should hear).
  subscribed(channel: Channel<unknown>, timeoutMs?: number): Promise<void>;
};

export type TestUser = { sub: string; username: string; token: string; id: string };
export type RequestOptions = { token?: string; headers?: Record<string, string> };
export type GqlResponse<T> = {
  status: number;
  data: T;
  errors?: { message: string; extensions?: Record<string, any>; path?: string[] }[];
};

// Environment for test instances: the run's shared database, Redis for the PostgreSQL project, a
// throwaway data dir, random port, quiet logs. `env` adds or overrides variables.
export function testEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-app-'));
  return {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: inject('databaseUrl'),
    REDIS_URL: inject('redisUrl') || undefined,
    PUBLIC_URL: 'http://squad.test',
    SEED_DEMO: '0',
    SHUTDOWN_TIMEOUT_MS: '2000',
    // Tests run the jobs they need themselves (the sweeps are plain service calls).
    JOB_WORKER: '0',
    ...env,
  };
}

export async function startTestApp(
  options: { env?: Record<string, string | undefined>; clock?: Clock } = {},
): Promise<TestApp> {
  const config = loadConfig(testEnv(options.env));
  const app = await createApp({ config, clock: options.clock });
  const baseUrl = await app.listen(0, '127.0.0.1');
  return decorate(app, baseUrl);
}

export function decorate(app: App, baseUrl: string): TestApp {
  const headersFor = (o: RequestOptions = {}) => ({
    'content-type': 'application/json',
    ...(o.token && { authorization: `Bearer ${o.token}` }),
    ...o.headers,
  });
  const tokenFor: TestApp['tokenFor'] = (who, o = {}) =>
    mintAccessToken(
      app.keys!,
      { issuer: app.config.cognito.issuer, clientId: app.config.cognito.clientId },
      who,
      o,
    );

  const test: TestApp = Object.assign(app, {
    baseUrl,
    async gql(query: string, variables?: Record<string, unknown>, options?: RequestOptions) {
      const res = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: headersFor(options),
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data: any; errors?: any[] };
      return { status: res.status, data: body.data, errors: body.errors };
    },
    async rest(method: string, urlPath: string, options: RequestOptions & { body?: unknown } = {}) {
      const res = await fetch(`${baseUrl}${urlPath}`, {
        method,
        headers: headersFor(options),
        body:
          options.body === undefined
            ? undefined
            : typeof options.body === 'string'
              ? options.body
              : JSON.stringify(options.body),
      });
      const text = await res.text();
      let body: any = text;
      if (res.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
      return { status: res.status, body, headers: res.headers };
    },
    tokenFor,
    async newIdentity(sub = crypto.randomUUID()) {
      await app.identity!.repo.insertAccount({
        sub,
        email: `${sub}@squad.test`,
        status: 'CONFIRMED',
        emailVerified: 1,
      });
      return { sub, token: tokenFor({ sub, username: sub }) };
    },
    async newUser(overrides: Partial<TokenIdentity> = {}) {
      const sub = overrides.sub ?? crypto.randomUUID();
      const username = overrides.username ?? sub;
      await test.newIdentity(sub);
      const token = tokenFor({ sub, username, ...overrides });
      const { data, errors } = await test.gql<{ me: { id: string } }>('{ me { id } }', undefined, { token });
      if (errors) throw new Error(`newUser failed: ${JSON.stringify(errors)}`);
      return { sub, username, token, id: data.me.id };
    },
    async subscribed(channel: Channel<unknown>, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (app.pubsub.localSubscriberCount(channel) === 0) {
        if (Date.now() > deadline) throw new Error(`no subscriber on ${channel.name} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    ws(token?: string, params: Record<string, string> = {}) {
      return createClient({
        url: baseUrl.replace(/^http/, 'ws') + '/graphql',
        webSocketImpl: WebSocket,
        connectionParams: { ...params, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        lazy: false,
        retryAttempts: 0,
        onNonLazyError: () => {},
      });
    },
  });
  return test;
}

// Collects the next `count` results of a subscription.
export function subscribe<T = any>(client: Client, query: string, variables?: Record<string, unknown>) {
  const received: { data?: T; errors?: any[] }[] = [];
  const waiters: (() => void)[] = [];
  let failure: unknown;
  let done = false;
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        received.push(value as { data?: T; errors?: any[] });
        waiters.splice(0).forEach((w) => w());
      },
      error: (err) => {
        failure = err;
        waiters.splice(0).forEach((w) => w());
      },
      complete: () => {
        done = true;
        waiters.splice(0).forEach((w) => w());
      },
    },
  );
  return {
    received,
    get error() {
      return failure;
    },
    get completed() {
      return done;
    },
    dispose,
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count && !failure && !done) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for ${count} results (got ${received.length})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (failure) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
      return received.slice(0, count);
    },
  };
}

// "Exactly one error with code X, never INTERNAL_SERVER_ERROR."
export function expectOneError(
  res: { errors?: { message: string; extensions?: Record<string, any> }[] },
  code: string,
) {
  if (!res.errors || res.errors.length !== 1)
    throw new Error(`expected one error, got ${JSON.stringify(res.errors)}`);
  const actual = res.errors[0].extensions?.code;
  if (actual !== code) throw new Error(`expected ${code}, got ${actual}: ${JSON.stringify(res.errors[0])}`);
  return res.errors[0];
}
