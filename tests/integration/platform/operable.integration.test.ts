// Issue 16 item 6: /metrics behind its token, the GraphQL operation and request id on every log line
// (HTTP and WebSocket), robots.txt and a real 404 page for paths that are not the app's.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app/create-app.ts';
import { loadConfig } from '#server/lib/config.ts';
import { createLogger } from '#server/lib/logger.ts';
import { decorate, testEnv, type TestApp } from '#tests/helpers/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const lines: Record<string, any>[] = [];
let app: TestApp;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig(testEnv({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }));
  const created = await createApp({ config, logger: createLogger('info', 'squad', sink) });
  app = decorate(created, await created.listen(0, '127.0.0.1'));
});

afterAll(() => app?.close());

const metrics = (headers: Record<string, string> = {}) => fetch(`${app.baseUrl}/metrics`, { headers });

describe('/metrics', () => {
  it('refuses without a token (401) and with another one (403), in the user’s language', async () => {
    const none = await metrics();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(await none.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('METRICS_TOKEN'),
    });
    const wrong = await metrics({
      authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}`,
      'accept-language': 'en',
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ code: 'FORBIDDEN', message: 'This metrics token is not valid.' });
  });

  it('answers Prometheus text with HTTP, GraphQL, pool, pub/sub, socket and job queue metrics', async () => {
    const user = await app.newUser();
    await app.gql('query OperableMeQuery { me { id } }', undefined, { token: user.token });
    await app.gql('{ __typename }');
    const res = await metrics({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /squad_http_request_duration_seconds_count\{method="POST",route="\/graphql",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /squad_graphql_operations_total\{operation="OperableMeQuery",type="query",transport="http",outcome="ok"\} 1/,
    );
    expect(text).toMatch(
      /squad_graphql_operations_total\{operation="anonymous",type="query",transport="http",outcome="ok"\} \d+/,
    );
    expect(text).toMatch(/squad_db_pool_connections\{state="max"\} 10/);
    expect(text).toMatch(/squad_pubsub_available\{kind="(memory|redis)"\} 1/);
    expect(text).toMatch(/squad_websocket_connections 0/);
    expect(text).toContain('# TYPE squad_job_queue_jobs gauge');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('counts a live subscription while it is open', async () => {
    const user = await app.newUser();
    const client = app.ws(user.token);
    let stop: () => void = () => undefined;
    const done = new Promise<void>((resolve, reject) => {
      stop = client.subscribe(
        { query: 'subscription OperableBalance { tokenBalanceChanged { balance } }' },
        { next: () => undefined, error: (err) => reject(err as Error), complete: resolve },
      );
    });
    await expect
      .poll(async () => await (await metrics({ authorization: `Bearer ${TOKEN}` })).text())
      .toMatch(/squad_graphql_subscriptions_active\{operation="OperableBalance"\} 1/);
    expect(await (await metrics({ authorization: `Bearer ${TOKEN}` })).text()).toMatch(
      /squad_websocket_connections 1/,
    );
    stop();
    await done;
    await client.dispose();
    await expect
      .poll(
        async () =>
          (await (await metrics({ authorization: `Bearer ${TOKEN}` })).text()).match(
            /squad_graphql_subscriptions_active\{operation="OperableBalance"\} (\d+)/,
          )?.[1],
      )
      .toBe('0');
  });
});

describe('log lines', () => {
  it('carry the request id and the GraphQL operation over HTTP', async () => {
    const { token } = await app.newIdentity();
    const res = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-request-id': 'req-operable-1',
      },
      body: JSON.stringify({ query: 'query OperableFirstVisit { me { id } }' }),
    });
    expect(res.status).toBe(200);
    // The first request of a new account creates its user: a service's line, written by the root logger.
    const created = lines.find((l) => l.msg === 'user created' && l.requestId === 'req-operable-1');
    expect(created).toMatchObject({ operationName: 'OperableFirstVisit' });
    const access = lines.find((l) => l.msg === 'request' && l.requestId === 'req-operable-1');
    expect(access).toMatchObject({ operationName: 'OperableFirstVisit', path: '/graphql', status: 200 });
  });

  it('carry the operation over WebSocket', async () => {
    const user = await app.newUser();
    const client = app.ws(user.token);
    const result = await new Promise<unknown>((resolve, reject) => {
      let value: unknown;
      client.subscribe(
        {
          query:
            'mutation OperableRename($input: UpdateProfileInput!) { updateProfile(input: $input) { viewer { id } } }',
          variables: { input: { displayName: 'Soket Kullanıcısı' } },
        },
        { next: (v) => (value = v), error: reject, complete: () => resolve(value) },
      );
    });
    expect(result).toMatchObject({ data: { updateProfile: { viewer: { id: user.id } } } });
    await client.dispose();
    const line = lines.find((l) => l.msg === 'profile updated' && l.userId === user.id);
    expect(line).toMatchObject({ operationName: 'OperableRename', requestId: expect.any(String) });
  });
});

describe('paths that are not the app’s', () => {
  it('serves robots.txt that keeps crawlers out of the API and tools', async () => {
    const res = await fetch(`${app.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const p of ['/graphql', '/private/', '/admin', '/dev/']) expect(text).toContain(`Disallow: ${p}\n`);
  });

  it('answers a real 404 page for an unknown path, in the user’s language, and keeps the app’s routes', async () => {
    const tr = await fetch(`${app.baseUrl}/wp-login.php`, { headers: { accept: 'text/html' } });
    expect(tr.status).toBe(404);
    expect(tr.headers.get('content-type')).toContain('text/html');
    const page = await tr.text();
    expect(page).toContain('Sayfa bulunamadı');
    expect(page).not.toContain('<div id="root"');
    const en = await fetch(`${app.baseUrl}/nope`, {
      headers: { accept: 'text/html', 'accept-language': 'en' },
    });
    expect(await en.text()).toContain('Page not found');
    // JSON callers still get the JSON 404.
    const json = await fetch(`${app.baseUrl}/nope`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ code: 'NOT_FOUND' });
    // The app's own paths (deep links included) are not this page.
    for (const p of ['/login', '/dashboard/physical', '/dashboard/whatever', '/admin', '/suspended']) {
      const res = await fetch(`${app.baseUrl}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status, p).not.toBe(404);
    }
  });
});
