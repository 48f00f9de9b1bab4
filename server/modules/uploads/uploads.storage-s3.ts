// Production: objects in S3 (or MinIO), uploads straight from the browser through a presigned PUT.
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, ObjectTooLarge, type ObjectStorage } from './uploads.storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  // MinIO or another S3-compatible server; implies path-style addressing.
  endpoint?: string;
  // Where browsers reach that server when the app reaches it by another name (docker-compose: the app
  // talks to http://minio:9000, the browser to http://localhost:9000). Presigned URLs use it: the host
  // is part of the signature, so they cannot be rewritten afterwards. A path (https://squad.example.com
  // /storage) is a proxy's prefix for the server: the URL is signed without it, as the server sees the
  // request once the proxy has taken the prefix off (deploy/nginx.conf, ADR 058).
  publicEndpoint?: string;
  // Without them the SDK's default chain (environment, profile, instance or task role) is used.
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
};

// DeleteObjects takes at most 1000 keys per call.
const DELETE_BATCH = 1000;

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}

async function readLimited(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      length += bytes.length;
      if (length > maxBytes) throw new ObjectTooLarge();
      chunks.push(bytes);
    }
  } finally {
    // Leaving the loop early (too large, or an error) must not leave the socket half-read.
    body.destroy();
  }
  return Buffer.concat(chunks, length);
}

// The proxy's prefix in front of a signed URL's path; the query (the signature) is left as it is.
function withPathPrefix(signed: string, prefix: string): string {
  const url = new URL(signed);
  return `${url.origin}${prefix}${url.pathname}${url.search}`;
}

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const { bucket } = options;
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: options.region,
      endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(endpoint),
      credentials: options.credentials,
      // Flexible checksums only where S3 requires them: with them on, a presigned PUT would be bound to
      // the checksum of an empty body, and older S3-compatible servers refuse the extra headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(options.endpoint);
  // Signing is local (no request), so a second client costs nothing.
  const publicUrl = options.publicEndpoint ? new URL(options.publicEndpoint) : undefined;
  const proxyPrefix = publicUrl?.pathname.replace(/\/+$/, '') ?? '';
  const signer = publicUrl ? clientFor(publicUrl.origin) : client;

  return {
    kind: 's3',

    async presignPut(key, { contentType, expiresSeconds, contentLength }) {
      assertSafeKey(key);
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: contentType,
        ...(contentLength !== undefined && { ContentLength: contentLength }),
      });
      const signedAt = new Date();
      // The presigner leaves Content-Type and Content-Length unsigned unless told to sign them; signed,
      // S3 and MinIO refuse a PUT that sends another type or another size (ADR 063). Browsers set
      // Content-Length themselves from the body, so it is not among the headers handed to the client.
      const signed = await getSignedUrl(signer, command, {
        expiresIn: expiresSeconds,
        signingDate: signedAt,
        signableHeaders: new Set(
          contentLength !== undefined ? ['content-type', 'content-length'] : ['content-type'],
        ),
      });
      const url = proxyPrefix ? withPathPrefix(signed, proxyPrefix) : signed;
      return {
        url,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt: new Date(signedAt.getTime() + expiresSeconds * 1000),
      };
    },

    async get(key, { maxBytes }) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        if ((head.ContentLength ?? 0) > maxBytes) throw new ObjectTooLarge();
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // The object may have been replaced since HEAD: the body is counted as well.
        if ((object.ContentLength ?? 0) > maxBytes) {
          (object.Body as Readable | undefined)?.destroy();
          throw new ObjectTooLarge();
        }
        return object.Body ? await readLimited(object.Body as Readable, maxBytes) : Buffer.alloc(0);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async put(key, body, { contentType, cacheControl }) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: cacheControl,
          ContentLength: body.length,
        }),
      );
    },

    async open(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          contentLength: object.ContentLength,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(keys) {
      keys.forEach(assertSafeKey);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // A missing key is not an error in S3; anything listed here is (e.g. access denied).
        if (result.Errors?.length) {
          const first = result.Errors[0];
          throw new Error(`S3 delete failed for ${result.Errors.length} key(s): ${first.Key} ${first.Code}`);
        }
      }
    },
  };
}
