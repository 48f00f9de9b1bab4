import { spawnSync } from 'node:child_process';
import { connect as tlsSocket } from 'node:tls';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '#server/lib/config.ts';
import { paths } from '#server/lib/paths.ts';
import { createS3Storage } from '#server/modules/uploads/uploads.storage-s3.ts';
import { CLIENT_ID, randomIp, signedUpUser } from '#tests/helpers/identity.ts';
import { freePort, hasNginx, startOwnNginx, type OwnNginx } from '#tests/helpers/own-servers.ts';
import { presignedPutAccepted } from '#tests/helpers/sigv4.ts';
import { startTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// The shipped deployment: deploy/nginx.conf in front of the app with docker-compose.yml's TRUST_PROXY.
const shippedNginx = fs.readFileSync(path.join(paths.root, 'deploy', 'nginx.conf'), 'utf8');
const compose = fs.readFileSync(path.join(paths.root, 'docker-compose.yml'), 'utf8');
const composeTrustProxy = /^\s*TRUST_PROXY:\s*'?([^'\n]+)'?\s*$/m.exec(compose)?.[1];

// The shipped server blocks, pointed at this test's app, storage, ports and certificate instead of the
// compose services and deploy/certs.
type Local = { appPort: number; storagePort: number; httpPort: number; httpsPort: number; certs: string };
function localNginxConfig(l: Local) {
  const config = shippedNginx
    .replace(/^resolver .*$/m, '')
    .replace(/server app:3000 resolve;/, `server 127.0.0.1:${l.appPort};`)
    .replace(/server minio:9000 resolve;/, `server 127.0.0.1:${l.storagePort};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${l.httpPort};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${l.httpsPort} ssl http2;`)
    .replaceAll('/etc/nginx/certs/', `${l.certs}/`);
  // Every compose-only name was replaced: nothing of the shipped file is left out of the test.
  expect(config.replace(/#.*$/gm, '')).not.toMatch(/app:3000|minio:9000|\/etc\/nginx|listen (80|443)\b/);
  return config;
}

// A self-signed certificate for squad.test and 127.0.0.1, made for this run with the machine's openssl.
function selfSignedCertificate(): { dir: string; ca: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-tls-'));
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=squad.test',
    '-addext',
    'subjectAltName=DNS:squad.test,IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'privkey.pem'),
    '-out',
    path.join(dir, 'fullchain.pem'),
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  return { dir, ca: fs.readFileSync(path.join(dir, 'fullchain.pem')) };
}

const tlsConnect = (base: string, ca: Buffer, ALPNProtocols: string[]) => {
  const u = new URL(base);
  return tlsSocket({ host: u.hostname, port: Number(u.port), ca, ALPNProtocols, servername: undefined });
};

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; alpn?: string };
// One request over plain HTTP or TLS (trusting only the test's certificate).
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; ca?: Buffer } = {},
): Promise<Answer> {
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            alpn: (res.socket as { alpnProtocol?: string | false }).alpnProtocol || undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

// Stands in for MinIO: checks a PUT's SigV4 signature against the Host and path it receives, as MinIO
// does, and keeps what it accepted.
const STORAGE_SECRET = 'storage-secret-for-tests';
function startStorage(): Promise<{ port: number; stored: Map<string, string>; close(): Promise<void> }> {
  const stored = new Map<string, string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = `http://${req.headers.host}${req.url}`;
      const headers = { host: req.headers.host ?? '', 'content-type': req.headers['content-type'] ?? '' };
      if (req.method !== 'PUT' || !presignedPutAccepted(url, headers, STORAGE_SECRET)) {
        res.writeHead(403).end('SignatureDoesNotMatch');
        return;
      }
      stored.set(new URL(url).pathname, body);
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        stored,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

describe('proxy trust in the shipped deployment', () => {
  it('nginx overwrites X-Forwarded-For and the app trusts exactly one hop', () => {
    expect(shippedNginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(shippedNginx).not.toContain('$proxy_add_x_forwarded_for');
    expect(loadConfig({ TRUST_PROXY: composeTrustProxy }).trustProxy).toBe(1);
    // Trusting every hop lets the client pick its address: refused at start.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('serves TLS from the mounted certificates and sends uploads through the same host', () => {
    expect(shippedNginx).not.toContain('$scheme');
    expect(shippedNginx).toMatch(/return 301 https:\/\/\$host\$request_uri;/);
    expect(compose).toContain('./deploy/certs:/etc/nginx/certs:ro');
    expect(compose).toMatch(/^\s*S3_PUBLIC_ENDPOINT: \$\{PUBLIC_URL:-https:\/\/localhost\}\/storage$/m);
    // MinIO is no longer published for browsers.
    expect(compose).not.toMatch(/:9000'$/m);
  });
});

describe.runIf(inject('backend') === 'pglite' && hasNginx())('behind the shipped nginx', () => {
  let app: TestApp;
  let nginx: OwnNginx;
  let storage: Awaited<ReturnType<typeof startStorage>>;
  let tls: ReturnType<typeof selfSignedCertificate>;
  let httpPort: number;
  let base: string;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: composeTrustProxy } });
    storage = await startStorage();
    tls = selfSignedCertificate();
    httpPort = await freePort();
    const httpsPort = await freePort();
    base = `https://127.0.0.1:${httpsPort}`;
    const appPort = Number(new URL(app.baseUrl).port);
    nginx = await startOwnNginx(
      localNginxConfig({ appPort, storagePort: storage.port, httpPort, httpsPort, certs: tls.dir }),
      httpsPort,
    );
  });
  afterAll(async () => {
    await nginx?.destroy();
    await storage?.close();
    await app?.close();
    if (tls) fs.rmSync(tls.dir, { recursive: true, force: true });
  });

  it('redirects plain HTTP to https, except /healthz', async () => {
    const page = await request(`http://127.0.0.1:${httpPort}/dashboard/profile?tab=ayarlar`, {
      headers: { host: 'squad.test' },
    });
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe('https://squad.test/dashboard/profile?tab=ayarlar');
    const api = await request(`http://127.0.0.1:${httpPort}/graphql`, {
      method: 'POST',
      headers: { host: 'squad.test', 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
    expect(api.status).toBe(301);
    // A load balancer's plain-HTTP health check reaches the app; no HSTS on plain HTTP even when the
    // client claims https.
    const health = await request(`http://127.0.0.1:${httpPort}/healthz`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers over TLS with HTTP/2 offered, tells the app https and so sends HSTS', async () => {
    const res = await request(`${base}/healthz`, { ca: tls.ca, headers: { 'x-forwarded-proto': 'http' } });
    expect(res.status).toBe(200);
    // X-Forwarded-Proto https reached the app (a client's own header was overwritten): req.secure.
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const gql = await request(`${base}/graphql`, {
      method: 'POST',
      ca: tls.ca,
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ __typename }"}',
    });
    expect(JSON.parse(gql.body)).toEqual({ data: { __typename: 'Query' } });
    expect(gql.headers['strict-transport-security']).toBeDefined();
    // The TLS server offers h2 by ALPN.
    const alpn = await new Promise<string | false | null>((resolve, reject) => {
      const socket = tlsConnect(base, tls.ca, ['h2', 'http/1.1']);
      socket.once('secureConnect', () => {
        resolve(socket.alpnProtocol);
        socket.destroy();
      });
      socket.once('error', reject);
    });
    expect(alpn).toBe('h2');
  });

  it('carries a graphql-ws subscription over TLS (wss)', async () => {
    const ws = new WebSocket(`${base.replace('https', 'wss')}/graphql`, 'graphql-transport-ws', {
      ca: tls.ca,
    });
    const messages: { type: string; payload?: unknown }[] = [];
    const next = (type: string) =>
      new Promise<{ type: string; payload?: unknown }>((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => m.type === type);
          if (found) resolve(found);
          else ws.once('message', check);
        };
        ws.once('error', reject);
        check();
      });
    ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as { type: string }));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await next('connection_ack');
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ __typename }' } }));
    expect((await next('next')).payload).toEqual({ data: { __typename: 'Query' } });
    ws.close();
  });

  it('takes presigned picture uploads on the same HTTPS host under /storage/', async () => {
    const signer = createS3Storage({
      bucket: 'squad-uploads',
      region: 'eu-central-1',
      endpoint: 'http://minio:9000',
      publicEndpoint: `${base}/storage`,
      credentials: { accessKeyId: 'squad', secretAccessKey: STORAGE_SECRET },
    });
    const put = await signer.presignPut('incoming/avatar-1', {
      contentType: 'image/webp',
      expiresSeconds: 60,
      maxBytes: 1000,
    });
    expect(put.url.startsWith(`${base}/storage/squad-uploads/incoming/avatar-1?`)).toBe(true);
    const wrongType = await request(put.url, {
      method: 'PUT',
      ca: tls.ca,
      headers: { 'content-type': 'image/png' },
      body: 'x',
    });
    expect(wrongType.status).toBe(403);
    const res = await request(put.url, {
      method: 'PUT',
      ca: tls.ca,
      headers: put.headers,
      body: 'webp-bytes',
    });
    expect(res.status).toBe(200);
    expect(storage.stored.get('/squad-uploads/incoming/avatar-1')).toBe('webp-bytes');
    // Plain HTTP does not reach storage.
    expect(
      (await request(put.url.replace(base, `http://127.0.0.1:${httpPort}`), { method: 'PUT' })).status,
    ).toBe(301);
  });

  it('throttles 60 failed sign-ins that each invent an X-Forwarded-For', async () => {
    const { email } = await signedUpUser(app);
    const answers: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await request(`${base}/cognito/`, {
        method: 'POST',
        ca: tls.ca,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          'x-forwarded-for': randomIp(),
        },
        body: JSON.stringify({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: `yanlis-${i}` },
        }),
      });
      answers.push((JSON.parse(res.body) as { message: string }).message);
    }
    // Five wrong passwords from the one real address, then locked (Cognito's answer, issue 26.7).
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('Incorrect username or password.'));
    expect(answers.slice(5)).toEqual(Array(55).fill('Password attempts exceeded'));
  }, 60_000);
});
