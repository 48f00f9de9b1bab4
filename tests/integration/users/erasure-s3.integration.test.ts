import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngOf } from '#tests/factories/images.ts';
import { startS3rver } from '#tests/helpers/own-servers.ts';
import { startTestApp, type TestApp, type TestUser } from '#tests/helpers/test-app.ts';

// Deletion removes the stored pictures from S3 too (ADR 054): the processed variants of every upload
// and a raw upload that was never processed. s3rver plays S3 on its own port.
const BUCKET = 'squad-erasure';
let app: TestApp;
let server: Awaited<ReturnType<typeof startS3rver>>;
let s3: S3Client;
const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  server = await startS3rver(BUCKET);
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  app = await startTestApp({
    env: { S3_BUCKET: BUCKET, S3_ENDPOINT: server.endpoint, S3_REGION: 'us-east-1' },
  });
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  s3?.destroy();
  await app?.close();
  await server?.close();
  process.env.AWS_ACCESS_KEY_ID = saved.id;
  process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
});

async function keys(): Promise<string[]> {
  const res = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

async function putPicture(user: TestUser, complete: boolean) {
  const res = await app.gql(
    `mutation($input: CreateAvatarUploadInput!) { createAvatarUpload(input: $input) { upload { id url headers { name value } } } }`,
    { input: { contentType: 'image/png', fileName: 'ben.png' } },
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  const upload = res.data.createAvatarUpload.upload as {
    id: string;
    url: string;
    headers: { name: string; value: string }[];
  };
  const put = await fetch(upload.url, {
    method: 'PUT',
    headers: Object.fromEntries(upload.headers.map((h) => [h.name, h.value])),
    body: new Uint8Array(await pngOf(200, 200)),
  });
  expect(put.status).toBe(200);
  if (complete) {
    const done = await app.gql(
      `mutation($id: ID!) { completeAvatarUpload(input: {uploadId: $id}) { viewer { id } } }`,
      { id: upload.id },
      { token: user.token },
    );
    expect(done.errors).toBeUndefined();
  }
  return upload.id;
}

describe('deleteAccount with S3 storage', () => {
  it('removes every stored picture of the user and leaves others alone', async () => {
    const leaving = await app.newUser();
    const other = await app.newUser();
    await putPicture(leaving, true);
    const pending = await putPicture(leaving, false);
    await putPicture(other, true);
    const before = await keys();
    expect(before.filter((k) => k.startsWith(`avatars/${leaving.id}/`)).length).toBeGreaterThan(0);
    expect(before).toContain(`incoming/${pending}`);

    const { data } = await app.gql(`{ me { email } }`, undefined, { token: leaving.token });
    // A passwordless account of the built-in provider, with a fresh sign-in (the test token's auth_time).
    const res = await app.gql(
      `mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { cancelledEvents } }`,
      { input: { confirmation: data.me.email } },
      { token: leaving.token },
    );
    expect(res.errors).toBeUndefined();

    const after = await keys();
    expect(after.filter((k) => k.includes(leaving.id))).toEqual([]);
    expect(after).not.toContain(`incoming/${pending}`);
    expect(after.filter((k) => k.startsWith(`avatars/${other.id}/`)).length).toBeGreaterThan(0);
  });
});
