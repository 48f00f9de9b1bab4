import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

// A real Web Push protocol peer for tests (RFC 8030 receiving side): an HTTPS server standing in for
// the browser vendor's push service, and a browser's subscription keys. It records what the app sent,
// decrypts the aes128gcm payload (RFC 8188, RFC 8291) with node:crypto, and verifies the VAPID
// Authorization header (RFC 8292) — written here, independent of the web-push library the app uses.

export type Received = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

const b64url = (b: Buffer) => b.toString('base64url');

// A self-signed certificate for 127.0.0.1 (openssl, present wherever Node's TLS is), trusted by this
// process's default HTTPS agent, which web-push uses.
function selfSigned() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

export async function startPushService() {
  const tls = selfSigned();
  https.globalAgent.options.ca = [tls.cert];
  const received: Received[] = [];
  // What to answer next, per subscription path (default 201 Created).
  const answers = new Map<string, number>();
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(req.url ?? '') ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    answer: (subscriptionPath: string, status: number) => answers.set(subscriptionPath, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A browser's push subscription: a P-256 key pair and a 16-byte auth secret.
export function browserSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    input: { endpoint, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth), userAgent: 'Test Browser' },
    // RFC 8291 §3.4 and RFC 8188 §2: the user agent's side of the decryption.
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idlen = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idlen);
      const ciphertext = body.subarray(21 + idlen);
      const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const prkKey = hmac(auth, ecdhSecret);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), asPublic]);
      const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not a last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

// RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the claims, signed by
// the key in k. Returns the claims and k when the signature verifies, throws otherwise.
export function verifyVapid(authorization: string | undefined) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${authorization}`);
  const [jwt, k] = [m[1], m[2]];
  const [header, payload, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string }).alg;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  return { alg, claims, publicKey: k };
}
