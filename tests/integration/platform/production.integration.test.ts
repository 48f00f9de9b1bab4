import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneError, startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// What NODE_ENV=production shows to the world: no anonymous schema, no name suggestions, no
// GraphiQL, security headers, short timeouts and JSON for the answers Node gives before the app.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.invalid:587',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '1500',
    },
  });
});
afterAll(() => app?.close());

// One raw HTTP exchange: what the server sends back before it closes the connection.
function raw(bytes: string | Buffer, timeoutMs = 10_000): Promise<{ text: string; ms: number }> {
  const { port } = new URL(app.baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms: ${text}`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, ms: Date.now() - started });
    });
    socket.on('error', () => {});
  });
}
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const jsonOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

describe('production exposure', () => {
  it('has no /metrics without METRICS_TOKEN', async () => {
    const res = await fetch(`${app.baseUrl}/metrics`, { headers: { accept: 'text/plain' } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('squad_http');
  });

  it('answers introspection only for signed-in users', async () => {
    const anonymous = await app.gql('{ __schema { queryType { name } } }');
    expect(anonymous.data ?? null).toBeNull();
    expectOneError(anonymous, 'UNAUTHENTICATED');
    const typeQuery = await app.gql('{ __type(name: "Event") { name } }');
    expectOneError(typeQuery, 'UNAUTHENTICATED');
    // __typename is not introspection.
    expect((await app.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });

    const user = await app.newUser();
    const signedIn = await app.gql('{ __schema { queryType { name } } }', undefined, { token: user.token });
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data.__schema.queryType.name).toBe('Query');
  });

  it('does not suggest field names', async () => {
    const res = await app.gql('{ tokenPackagez { id } }');
    const err = expectOneError(res, 'BAD_USER_INPUT');
    expect(err.message).toContain('Cannot query field');
    expect(err.message).not.toMatch(/did you mean/i);
    expect(err.message).not.toContain('tokenPackages');
  });

  it('sells no tokens without a payment provider, and says so in Turkish', async () => {
    const user = await app.newUser();
    const res = await app.gql(
      'mutation { startTokenPurchase(input: {packageId: "popular"}) { checkoutUrl } }',
      undefined,
      { token: user.token },
    );
    const err = expectOneError(res, 'SERVICE_UNAVAILABLE');
    expect(err.message).toBe('Ödeme şu an kullanılamıyor, lütfen daha sonra tekrar dene.');
    // No sandbox checkout (the path falls through to the SPA, which shows its not-found screen).
    const sandbox = await fetch(`${app.baseUrl}/checkout/sandbox/${crypto.randomUUID()}`);
    expect(await sandbox.text()).not.toContain('SANDBOX');
    const webhook = await fetch(`${app.baseUrl}/webhooks/sandbox`, { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(404);
  });

  it('serves no GraphiQL', async () => {
    const res = await app.rest('GET', '/graphiql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('sends HSTS over HTTPS behind the proxy, and the security headers everywhere', async () => {
    const https = await app.rest('GET', '/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const plain = await app.rest('GET', '/healthz');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    for (const res of [plain, await app.rest('GET', '/config.json')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    // The SPA's own policy (also while the client is not built).
    const spa = await app.rest('GET', '/dashboard', { headers: { accept: 'text/html' } });
    const csp = spa.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('closes a request whose body never comes within the request timeout, with JSON and a code', async () => {
    const answer = await raw(
      'POST /graphql HTTP/1.1\r\nHost: squad.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"qu',
    );
    expect(statusOf(answer.text)).toBe(408);
    expect(jsonOf(answer.text)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'İstek zamanında tamamlanmadı.',
    });
    expect(answer.ms).toBeLessThan(5000);
  });

  it('answers headers that are too large with 431 JSON, and a broken request line with 400 JSON', async () => {
    const big = await raw(
      `GET /healthz HTTP/1.1\r\nHost: squad.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(statusOf(big.text)).toBe(431);
    expect(jsonOf(big.text)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'İsteğin başlıkları çok büyük.',
    });
    const broken = await raw('HELLO THERE\r\n\r\n');
    expect(statusOf(broken.text)).toBe(400);
    expect(jsonOf(broken.text)).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('outside production', () => {
  it('keeps introspection and GraphiQL for developers', async () => {
    const dev = await startTestApp();
    try {
      const res = await dev.gql('{ __schema { queryType { name } } }');
      expect(res.errors).toBeUndefined();
      const page = await dev.rest('GET', '/graphiql', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
