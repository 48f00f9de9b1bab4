import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoWithGps, pngOf, SVG } from '#tests/factories/images.ts';
import { startS3rver } from '#tests/helpers/own-servers.ts';
import { expectOneError, startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

const CREATE = `mutation($input: CreateAvatarUploadInput!) {
  createAvatarUpload(input: $input) { upload { id url contentType maxBytes fileUrl expiresAt headers { name value } } }
}`;
const COMPLETE = `mutation($id: ID!) {
  completeAvatarUpload(input: {uploadId: $id}) { viewer { id avatarUrl small: avatarUrl(size: SMALL) } newBadges { id } }
}`;
const PICTURE = `{ me { avatarUrl large: avatarUrl(size: LARGE) } }`;

type Upload = { id: string; url: string; fileUrl: string; headers: { name: string; value: string }[] };

async function startUpload(app: TestApp, user: TestUser, contentType: string): Promise<Upload> {
  const res = await app.gql(CREATE, { input: { contentType, fileName: 'foto.jpg' } }, { token: user.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.createAvatarUpload.upload;
}

const put = (upload: Upload, body: Buffer, contentType?: string) =>
  fetch(upload.url, {
    method: 'PUT',
    headers: contentType
      ? { 'Content-Type': contentType }
      : Object.fromEntries(upload.headers.map((h) => [h.name, h.value])),
    body: new Uint8Array(body),
  });

async function picture(app: TestApp, user: TestUser) {
  return (await app.gql(PICTURE, undefined, { token: user.token })).data.me as {
    avatarUrl: string | null;
    large: string | null;
  };
}

// Fetches a picture through the app, wherever its URL points (PUBLIC_URL is not the test's address).
async function fetchMedia(app: TestApp, url: string) {
  const res = await fetch(`${app.baseUrl}${new URL(url).pathname}`);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

async function expectCleanPicture(app: TestApp, url: string, size: number) {
  const { res, body } = await fetchMedia(app, url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toContain('immutable');
  const meta = await sharp(body).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
  expect(meta.exif).toBeUndefined();
  expect(body.includes('Exif', 0, 'latin1')).toBe(false);
}

describe('profile pictures, embedded storage', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('turns a phone photo into square pictures without its EXIF and GPS', async () => {
    const user = await app.newUser();
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const upload = await startUpload(app, user, 'image/jpeg');
    expect(upload.url).toContain('/uploads/put/incoming/');
    // Signed for PUBLIC_URL; the test reaches the same app on its own address.
    const target = `${app.baseUrl}${new URL(upload.url).pathname}${new URL(upload.url).search}`;
    const sent = await put({ ...upload, url: target }, photo);
    expect(sent.status).toBe(200);
    const done = await app.gql(COMPLETE, { id: upload.id }, { token: user.token });
    expect(done.errors).toBeUndefined();
    expect(done.data.completeAvatarUpload.viewer.avatarUrl).toBe(upload.fileUrl);
    const { avatarUrl, large } = await picture(app, user);
    await expectCleanPicture(app, avatarUrl!, 256);
    await expectCleanPicture(app, large!, 512);
    await expectCleanPicture(app, done.data.completeAvatarUpload.viewer.small, 96);
    // The e-mail JPEG has no GPS either.
    const jpeg = await fetchMedia(app, avatarUrl!.replace('-256.webp', '-512.jpg'));
    expect((await sharp(jpeg.body).metadata()).exif).toBeUndefined();

    // The raw upload is never served.
    const raw = await fetch(`${app.baseUrl}/media/incoming/${upload.id}`);
    expect(raw.status).toBe(404);
    // Completing again changes nothing.
    const again = await app.gql(COMPLETE, { id: upload.id }, { token: user.token });
    expect(again.data.completeAvatarUpload.viewer.avatarUrl).toBe(avatarUrl);
  });

  it('refuses a non-image, an SVG and an oversized file, and keeps the old picture', async () => {
    const user = await app.newUser();
    const local = (u: Upload) => ({
      ...u,
      url: `${app.baseUrl}${new URL(u.url).pathname}${new URL(u.url).search}`,
    });
    const first = local(await startUpload(app, user, 'image/png'));
    expect((await put(first, await pngOf(300, 200))).status).toBe(200);
    const before = (await picture(app, user)).avatarUrl;
    expect(before).toBe(first.fileUrl);

    const text = local(await startUpload(app, user, 'image/png'));
    const refused = await put(text, Buffer.from('bu bir resim değil, sadece metin'));
    expect(refused.status).toBe(415);
    expect((await refused.json()).message).toBe('Lütfen bir resim dosyası seçin');
    const completeText = expectOneError(
      await app.gql(COMPLETE, { id: text.id }, { token: user.token }),
      'BAD_USER_INPUT',
    );
    expect(completeText.message).toBe('Lütfen bir resim dosyası seçin');

    const svg = local(await startUpload(app, user, 'image/png'));
    expect((await put(svg, SVG)).status).toBe(415);

    const big = local(await startUpload(app, user, 'image/jpeg'));
    const oversized = Buffer.concat([await photoWithGps(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await put(big, oversized);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).message).toBe("Dosya boyutu 5MB'dan küçük olmalıdır");

    expect((await picture(app, user)).avatarUrl).toBe(before);

    // An SVG is not even offered an upload.
    const declared = await app.gql(
      CREATE,
      { input: { contentType: 'image/svg+xml' } },
      { token: user.token },
    );
    expect(expectOneError(declared, 'BAD_USER_INPUT').message).toBe('Lütfen bir resim dosyası seçin');
  });

  it('holds the PUT to its signature, its content type and its owner', async () => {
    const [user, other] = [await app.newUser(), await app.newUser()];
    const upload = await startUpload(app, user, 'image/jpeg');
    const u = new URL(upload.url);
    const forged = new URL(`${app.baseUrl}${u.pathname}${u.search}`);
    forged.searchParams.set('max', String(50 * 1024 * 1024));
    expect((await put({ ...upload, url: forged.toString() }, await photoWithGps())).status).toBe(403);
    const url = `${app.baseUrl}${u.pathname}${u.search}`;
    const wrongType = await put({ ...upload, url }, await pngOf(50, 50), 'image/png');
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toBe('Dosya türü yükleme bağlantısıyla uyuşmuyor.');
    // Someone else's upload looks like none.
    expect(
      expectOneError(await app.gql(COMPLETE, { id: upload.id }, { token: other.token }), 'NOT_FOUND').message,
    ).toBe('Yükleme bulunamadı.');
    // Not sent yet.
    expect(
      expectOneError(await app.gql(COMPLETE, { id: upload.id }, { token: user.token }), 'CONFLICT').message,
    ).toBe('Dosya henüz yüklenmedi, lütfen tekrar dene.');
  });

  it('answers the REST shim as the spec has it', async () => {
    const user = await app.newUser();
    const res = await app.rest('PUT', '/private/uploadProfilePicture', {
      token: user.token,
      body: { contentType: 'image/jpeg', fileName: 'ben.jpg' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentType: 'image/jpeg' });
    expect(typeof res.body.url).toBe('string');
    expect(typeof res.body.fileUrl).toBe('string');
    const u = new URL(res.body.url as string);
    const sent = await fetch(`${app.baseUrl}${u.pathname}${u.search}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(await photoWithGps()),
    });
    expect(sent.status).toBe(200);
    // A legacy client shows fileUrl right away, and the profile has it.
    await expectCleanPicture(app, res.body.fileUrl as string, 256);
    const profile = await app.rest('GET', '/private/profile', { token: user.token });
    expect(profile.body.profilePicture).toBe(res.body.fileUrl);
    const bad = await app.rest('PUT', '/private/uploadProfilePicture', {
      token: user.token,
      body: { contentType: 'application/pdf', fileName: 'cv.pdf' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Lütfen bir resim dosyası seçin');
  });
});

describe('profile pictures, S3 storage (s3rver)', () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof startS3rver>>;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    server = await startS3rver('squad-avatars');
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    app = await startTestApp({
      env: { S3_BUCKET: 'squad-avatars', S3_ENDPOINT: server.endpoint, S3_REGION: 'us-east-1' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  });

  it('takes the file through a presigned PUT, processes it and serves it from /media', async () => {
    const user = await app.newUser();
    const upload = await startUpload(app, user, 'image/jpeg');
    expect(upload.url).toContain('X-Amz-Signature=');
    expect((await put(upload, await photoWithGps())).status).toBe(200);
    // Nothing changes until the server has checked the file.
    expect((await picture(app, user)).avatarUrl).toBeNull();
    const done = await app.gql(COMPLETE, { id: upload.id }, { token: user.token });
    expect(done.errors).toBeUndefined();
    await expectCleanPicture(app, done.data.completeAvatarUpload.viewer.avatarUrl, 256);
  });

  it('processes an upload when its picture is first asked for (legacy clients never complete)', async () => {
    const user = await app.newUser();
    const upload = await startUpload(app, user, 'image/png');
    expect((await put(upload, await pngOf(400, 400))).status).toBe(200);
    await expectCleanPicture(app, upload.fileUrl, 256);
    expect((await picture(app, user)).avatarUrl).toBe(upload.fileUrl);
  });

  it('refuses a disguised SVG after the PUT and keeps no picture', async () => {
    const user = await app.newUser();
    const upload = await startUpload(app, user, 'image/png');
    expect((await put(upload, SVG)).status).toBe(200);
    const done = await app.gql(COMPLETE, { id: upload.id }, { token: user.token });
    expect(expectOneError(done, 'BAD_USER_INPUT').message).toBe('Lütfen bir resim dosyası seçin');
    expect((await picture(app, user)).avatarUrl).toBeNull();
    expect((await fetchMedia(app, upload.fileUrl)).res.status).toBe(404);
  });
});
