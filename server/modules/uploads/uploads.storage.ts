// Where uploaded and processed files live: the app's own disk (embedded mode) or S3/MinIO.
export type PresignedPut = { url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: Date };

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  // A URL the browser PUTs the raw file to, valid for `expiresSeconds`, bound to this key and content
  // type, and with `contentLength` to exactly that many bytes (the storage itself refuses another size,
  // ADR 063). Without it only the local store can hold the body to maxBytes.
  presignPut(
    key: string,
    options: { contentType: string; expiresSeconds: number; maxBytes: number; contentLength?: number },
  ): Promise<PresignedPut>;
  // The object's bytes, or null when there is none. Refuses (throws ObjectTooLarge) past maxBytes
  // without reading it all.
  get(key: string, options: { maxBytes: number }): Promise<Buffer | null>;
  put(key: string, body: Buffer, options: { contentType: string; cacheControl?: string }): Promise<void>;
  // A readable stream and metadata for serving a stored object (GET /media/...), or null.
  open(
    key: string,
  ): Promise<{ body: NodeJS.ReadableStream; contentType: string; contentLength?: number } | null>;
  delete(keys: string[]): Promise<void>;
}

export class ObjectTooLarge extends Error {
  constructor(message = 'object too large') {
    super(message);
    this.name = 'ObjectTooLarge';
  }
}

const KEY_CHARS = /^[a-zA-Z0-9/_.-]+$/;

// Keys are ours (e.g. "incoming/<uuid>", "avatars/<userId>/<version>-256.webp"), but they become file
// paths and URL paths: no traversal, no empty or dot-led segments ("a//b", "a/./b", ".tmp/x"), which
// also keeps the local adapter's own hidden folders out of reach.
export function isSafeKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) return false;
  if (!KEY_CHARS.test(key) || key.includes('..')) return false;
  return key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}
