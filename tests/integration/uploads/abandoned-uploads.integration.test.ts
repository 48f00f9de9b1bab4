// Uploads held to their declared size by storage itself, and uploads nobody completed swept after an
// hour (issue 29.2, ADR 063), on the local store and against s3rver.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#db/schema/index.ts';
import { fixedClock } from '#server/lib/clock.ts';
import { createS3Storage } from '#server/modules/uploads/uploads.storage-s3.ts';
import { pngOf } from '#tests/factories/images.ts';
import { startS3rver } from '#tests/helpers/own-servers.ts';
import { presignedPutAccepted } from '#tests/helpers/sigv4.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

const CREATE = `mutation($input: CreateAvatarUploadInput!) {
  createAvatarUpload(input: $input) { upload { id url headers { name value } } }
}`;
const COMPLETE = `mutation($id: ID!) { completeAvatarUpload(input: {uploadId: $id}) { viewer { avatarUrl } } }`;

type Upload = { id: string; url: string; headers: { name: string; value: string }[] };
const HOUR = 3600_000;
// The sweep is global: on the shared PostgreSQL of the integration run, other files' pending uploads
// are in the same table. These clocks start hours back, so that an hour later by them is still long
// before anything the other files create: only this file's uploads are old enough to go.
const longAgo = () => fixedClock(new Date(Date.now() - 4 * HOUR));

async function startUpload(app: TestApp, user: TestUser, byteSize?: number): Promise<Upload> {
  const res = await app.gql(CREATE, { input: { contentType: 'image/png', byteSize } }, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createAvatarUpload.upload;
}

const headersOf = (u: Upload) => Object.fromEntries(u.headers.map((h) => [h.name, h.value]));
const put = (url: string, u: Upload, body: Buffer) =>
  fetch(url, { method: 'PUT', headers: headersOf(u), body: new Uint8Array(body) });

async function rowOf(app: TestApp, id: string) {
  const [row] = await app.deps.db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

describe('uploads on the local store', () => {
  const clock = longAgo();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ clock });
  });
  afterAll(() => app?.close());

  // Signed for PUBLIC_URL; the test reaches the same app on its own address.
  const local = (u: Upload) => `${app.baseUrl}${new URL(u.url).pathname}${new URL(u.url).search}`;
  const fileOf = (key: string) => path.join(app.config.dataDir, 'uploads', key);

  it('refuses a declared size over 5 MB before signing anything', async () => {
    const user = await app.newUser();
    const res = await app.gql(
      CREATE,
      { input: { contentType: 'image/png', byteSize: 6 * 1024 * 1024 } },
      { token: user.token },
    );
    expect(expectOneError(res, 'BAD_USER_INPUT').message).toBe("Dosya boyutu 5MB'dan küçük olmalıdır");
  });

  it('takes exactly the declared size: a longer body is refused while it arrives, a shorter one after, neither stored', async () => {
    const user = await app.newUser();
    const png = await pngOf(64, 64);

    const longer = await startUpload(app, user, png.length);
    expect(new URL(longer.url).searchParams.get('len')).toBe(String(png.length));
    const tooLong = await put(local(longer), longer, Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]));
    expect(tooLong.status).toBe(413);
    expect(fs.existsSync(fileOf(`incoming/${longer.id}`))).toBe(false);

    const shorter = await startUpload(app, user, png.length + 10);
    const tooShort = await put(local(shorter), shorter, png);
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toBe('Dosyanın boyutu yükleme bağlantısıyla uyuşmuyor.');
    expect(fs.existsSync(fileOf(`incoming/${shorter.id}`))).toBe(false);
    expect((await rowOf(app, shorter.id)).status).toBe('pending');

    // The declared size cannot be changed in the URL.
    const forged = new URL(local(shorter));
    forged.searchParams.set('len', String(png.length));
    forged.searchParams.set('max', String(png.length));
    expect((await put(forged.toString(), shorter, png)).status).toBe(403);

    const exact = await startUpload(app, user, png.length);
    expect((await put(local(exact), exact, png)).status).toBe(200);
    expect((await rowOf(app, exact.id)).status).toBe('processed');
  });

  it('sweeps an upload left incomplete for over an hour; a completed and a fresh one stay', async () => {
    const user = await app.newUser();
    const png = await pngOf(80, 80);
    const done = await startUpload(app, user, png.length);
    expect((await put(local(done), done, png)).status).toBe(200);
    const variant = fileOf(`avatars/${user.id}/${done.id}-256.webp`);
    expect(fs.existsSync(variant)).toBe(true);

    // Stored by a PUT whose processing never ran (the process ended in between).
    const abandoned = await startUpload(app, user, png.length);
    fs.mkdirSync(path.dirname(fileOf(`incoming/${abandoned.id}`)), { recursive: true });
    fs.writeFileSync(fileOf(`incoming/${abandoned.id}`), png);

    clock.advance(HOUR - 60_000);
    const fresh = await startUpload(app, user, png.length);
    fs.writeFileSync(fileOf(`incoming/${fresh.id}`), png);
    // Not yet an hour: nothing goes.
    await app.services.uploads.sweepAbandoned();
    expect(fs.existsSync(fileOf(`incoming/${abandoned.id}`))).toBe(true);

    clock.advance(2 * 60_000);
    expect(await app.services.uploads.sweepAbandoned()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(fileOf(`incoming/${abandoned.id}`))).toBe(false);
    expect(await rowOf(app, abandoned.id)).toBeUndefined();

    expect(fs.existsSync(fileOf(`incoming/${fresh.id}`))).toBe(true);
    expect((await rowOf(app, fresh.id)).status).toBe('pending');
    expect(fs.existsSync(variant)).toBe(true);
    expect((await rowOf(app, done.id)).status).toBe('processed');

    // A second sweep finds nothing more to do.
    expect(await app.services.uploads.sweepAbandoned()).toBe(0);
  });
});

describe('uploads on S3 (s3rver)', () => {
  const BUCKET = 'squad-abandoned';
  const clock = longAgo();
  let app: TestApp;
  let server: Awaited<ReturnType<typeof startS3rver>>;
  let bucket: ReturnType<typeof createS3Storage>;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    server = await startS3rver(BUCKET);
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    app = await startTestApp({
      clock,
      env: { S3_BUCKET: BUCKET, S3_ENDPOINT: server.endpoint, S3_REGION: 'us-east-1' },
    });
    bucket = createS3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: server.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  });

  it('signs the PUT for the declared size (S3 and MinIO refuse another; s3rver checks no signature)', async () => {
    const user = await app.newUser();
    const png = await pngOf(64, 64);
    const upload = await startUpload(app, user, png.length);
    const url = new URL(upload.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual([
      'content-length',
      'content-type',
      'host',
    ]);
    // Browsers set Content-Length from the body; it is not handed to the client as a header to send.
    expect(headersOf(upload)).toEqual({ 'Content-Type': 'image/png' });
    // What S3 and MinIO compute from the request they receive.
    const host = url.host;
    const sent = (length: number) => ({
      host,
      'content-type': 'image/png',
      'content-length': String(length),
    });
    expect(presignedPutAccepted(upload.url, sent(png.length), 'S3RVER')).toBe(true);
    expect(presignedPutAccepted(upload.url, sent(6 * 1024 * 1024), 'S3RVER')).toBe(false);
    expect(presignedPutAccepted(upload.url, sent(png.length - 1), 'S3RVER')).toBe(false);

    // The declared size is the one sent: the flow works end to end.
    expect((await put(upload.url, upload, png)).status).toBe(200);
    const done = await app.gql(COMPLETE, { id: upload.id }, { token: user.token });
    expect(done.errors).toBeUndefined();
  });

  it('sweeps an upload left incomplete for over an hour; a completed and a fresh one stay', async () => {
    const user = await app.newUser();
    const png = await pngOf(80, 80);
    const done = await startUpload(app, user, png.length);
    expect((await put(done.url, done, png)).status).toBe(200);
    expect((await app.gql(COMPLETE, { id: done.id }, { token: user.token })).errors).toBeUndefined();
    // PUT to storage and never completed.
    const abandoned = await startUpload(app, user, png.length);
    expect((await put(abandoned.url, abandoned, png)).status).toBe(200);

    clock.advance(HOUR + 60_000);
    const fresh = await startUpload(app, user, png.length);
    expect((await put(fresh.url, fresh, png)).status).toBe(200);

    expect(await app.services.uploads.sweepAbandoned()).toBeGreaterThanOrEqual(1);
    const max = { maxBytes: 1024 * 1024 };
    expect(await bucket.get(`incoming/${abandoned.id}`, max)).toBeNull();
    expect(await rowOf(app, abandoned.id)).toBeUndefined();
    expect(await bucket.get(`incoming/${fresh.id}`, max)).toEqual(png);
    expect((await rowOf(app, fresh.id)).status).toBe('pending');
    expect(await bucket.get(`avatars/${user.id}/${done.id}-256.webp`, max)).not.toBeNull();
    expect((await rowOf(app, done.id)).status).toBe('processed');
  });
});
