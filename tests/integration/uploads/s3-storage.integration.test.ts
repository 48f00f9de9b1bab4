// The S3 adapter against an independent S3-compatible server (s3rver) on a free port.
import crypto from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '#tests/helpers/own-servers.ts';
import { presignedPutAccepted } from '#tests/helpers/sigv4.ts';
import { createS3Storage } from '#server/modules/uploads/uploads.storage-s3.ts';
import { ObjectTooLarge, type ObjectStorage } from '#server/modules/uploads/uploads.storage.ts';

const BUCKET = 'squad-test';
const SECRET = 'S3RVER';

let server: Awaited<ReturnType<typeof startS3rver>>;
let host: string;
let storage: ObjectStorage;

beforeAll(async () => {
  server = await startS3rver(BUCKET);
  host = new URL(server.endpoint).host;
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://${host}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: SECRET },
  });
});

afterAll(async () => {
  await server?.close();
});

// s3rver does not check SigV4 signatures; this is the check S3 and MinIO make (tests/helpers/sigv4.ts).
const sigV4Accepts = (url: string, headers: Record<string, string>) =>
  presignedPutAccepted(url, headers, SECRET);

describe('S3 storage (s3rver)', () => {
  it('puts, gets, opens and deletes objects', async () => {
    const body = crypto.randomBytes(2048);
    await storage.put('avatars/u1/1-96.webp', body, {
      contentType: 'image/webp',
      cacheControl: 'max-age=60',
    });
    expect(await storage.get('avatars/u1/1-96.webp', { maxBytes: 4096 })).toEqual(body);

    const opened = await storage.open('avatars/u1/1-96.webp');
    expect(opened).toMatchObject({ contentType: 'image/webp', contentLength: 2048 });
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(body);

    await storage.put('avatars/u1/1-256.webp', Buffer.from('x'), { contentType: 'image/webp' });
    await storage.delete(['avatars/u1/1-96.webp', 'avatars/u1/1-256.webp', 'avatars/u1/never-there']);
    expect(await storage.get('avatars/u1/1-96.webp', { maxBytes: 4096 })).toBeNull();
    expect(await storage.open('avatars/u1/1-256.webp')).toBeNull();
  });

  it('gives null for a missing key', async () => {
    expect(await storage.get('incoming/missing', { maxBytes: 10 })).toBeNull();
    expect(await storage.open('incoming/missing')).toBeNull();
  });

  it('refuses an object past maxBytes', async () => {
    await storage.put('incoming/big', Buffer.alloc(1001, 7), { contentType: 'application/octet-stream' });
    await expect(storage.get('incoming/big', { maxBytes: 1000 })).rejects.toBeInstanceOf(ObjectTooLarge);
    expect(await storage.get('incoming/big', { maxBytes: 1001 })).toHaveLength(1001);
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.get('../other-bucket/x', { maxBytes: 10 })).rejects.toThrow(/unsafe/);
    await expect(
      storage.presignPut('/incoming/x', { contentType: 'image/png', expiresSeconds: 60, maxBytes: 10 }),
    ).rejects.toThrow(/unsafe/);
  });

  it('takes a browser-style PUT to a presigned URL', async () => {
    const put = await storage.presignPut('incoming/presigned', {
      contentType: 'image/png',
      expiresSeconds: 300,
      maxBytes: 5 * 1024 * 1024,
    });
    expect(put.method).toBe('PUT');
    expect(put.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(put.expiresAt.getTime() - Date.now()).toBeGreaterThan(290_000);
    const url = new URL(put.url);
    // Path style on a custom endpoint, Content-Type among the signed headers, no checksum of an empty body.
    expect(url.origin + url.pathname).toBe(`http://${host}/${BUCKET}/incoming/presigned`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('content-type');
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().startsWith('x-amz-checksum'))).toBe(
      false,
    );

    const bytes = crypto.randomBytes(4096);
    const response = await fetch(put.url, { method: 'PUT', headers: put.headers, body: bytes });
    expect(response.status).toBe(200);
    expect(await storage.get('incoming/presigned', { maxBytes: 5 * 1024 * 1024 })).toEqual(bytes);
    const opened = await storage.open('incoming/presigned');
    expect(opened?.contentType).toBe('image/png');
    await text(opened!.body);
  });

  it('binds the presigned URL to its Content-Type (enforced by S3, not by s3rver)', async () => {
    const put = await storage.presignPut('incoming/typed', {
      contentType: 'image/jpeg',
      expiresSeconds: 300,
      maxBytes: 1000,
    });
    // What S3 and MinIO compute: the signature matches the signed type only.
    expect(sigV4Accepts(put.url, { host, 'content-type': 'image/jpeg' })).toBe(true);
    expect(sigV4Accepts(put.url, { host, 'content-type': 'image/svg+xml' })).toBe(false);

    // s3rver itself skips SigV4 verification and stores the object under the other type. Recorded
    // here so that a future s3rver that enforces it makes this test fail and get tightened.
    const response = await fetch(put.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/svg+xml' },
      body: '<svg/>',
    });
    expect(response.status).toBe(200);
    const opened = await storage.open('incoming/typed');
    expect(opened?.contentType).toBe('image/svg+xml');
    await text(opened!.body);
  });

  it('signs for the public endpoint when browsers reach the server by another name', async () => {
    const port = new URL(`http://${host}`).port;
    const behindCompose = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://${host}`,
      publicEndpoint: `http://localhost:${port}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: SECRET },
    });
    const put = await behindCompose.presignPut('incoming/public', {
      contentType: 'image/webp',
      expiresSeconds: 60,
      maxBytes: 1000,
    });
    expect(new URL(put.url).host).toBe(`localhost:${port}`);
    expect(sigV4Accepts(put.url, { host: `localhost:${port}`, 'content-type': 'image/webp' })).toBe(true);
    expect(sigV4Accepts(put.url, { host, 'content-type': 'image/webp' })).toBe(false);
    const response = await fetch(put.url, { method: 'PUT', headers: put.headers, body: 'public' });
    expect(response.status).toBe(200);
    // The app itself still talks to the internal endpoint.
    expect((await behindCompose.get('incoming/public', { maxBytes: 1000 }))?.toString()).toBe('public');
  });

  it('signs without the path prefix of a public endpoint behind a proxy', async () => {
    const behindProxy = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://${host}`,
      publicEndpoint: 'https://squad.example.com/storage/',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: SECRET },
    });
    const put = await behindProxy.presignPut('incoming/proxied', {
      contentType: 'image/webp',
      expiresSeconds: 60,
      maxBytes: 1000,
    });
    const url = new URL(put.url);
    expect(`${url.origin}${url.pathname}`).toBe(
      `https://squad.example.com/storage/${BUCKET}/incoming/proxied`,
    );
    // What the server sees once the proxy took /storage off: the browser's host, the bare path.
    const unprefixed = put.url.replace('/storage/', '/');
    const headers = { host: 'squad.example.com', 'content-type': 'image/webp' };
    expect(sigV4Accepts(unprefixed, headers)).toBe(true);
    expect(sigV4Accepts(put.url, headers)).toBe(false);
  });

  it('refuses a PUT to an expired presigned URL', async () => {
    const put = await storage.presignPut('incoming/late', {
      contentType: 'image/png',
      expiresSeconds: 1,
      maxBytes: 1000,
    });
    await new Promise((r) => setTimeout(r, 2100));
    const response = await fetch(put.url, { method: 'PUT', headers: put.headers, body: 'late' });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    expect(await storage.get('incoming/late', { maxBytes: 1000 })).toBeNull();
  });
});
