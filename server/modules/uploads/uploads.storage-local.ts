// Embedded mode: objects are files under `root`, uploads go to the app itself through a short-lived
// HMAC-signed URL (the route in front of it calls verifyLocalPut, then readBodyLimited).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertSafeKey, isSafeKey, ObjectTooLarge, type ObjectStorage } from './uploads.storage.ts';

// The content type (and cache control) of `<root>/<key>` is kept beside it in `<root>/<key>.meta.json`:
// keys like "incoming/<uuid>" have no extension to derive it from. No key can end in ".meta.json".
const META_SUFFIX = '.meta.json';
// Temp files for atomic writes: inside root (same filesystem, so rename is atomic) under a dot folder
// that no safe key can name.
const TMP_DIR = '.tmp';
const FALLBACK_TYPE = 'application/octet-stream';

type Meta = { contentType: string; cacheControl?: string };

export type LocalStorageOptions = {
  root: string;
  publicUrl: string;
  secret: Buffer;
  now?: () => Date;
};

export type LocalPutParams = {
  key: unknown;
  expires: unknown;
  ct: unknown;
  max: unknown;
  // The declared size, when the client declared one: the body must be exactly that long (ADR 063).
  len?: unknown;
  sig: unknown;
};

export type LocalPutVerdict =
  | { ok: true; maxBytes: number; contentType: string; exactBytes?: number }
  | { ok: false; reason: 'expired' | 'signature' };

// `len` is signed only when present, so a URL signed without a declared size keeps its signature.
function signature(secret: Buffer, key: string, expires: string, ct: string, max: string, len = ''): Buffer {
  const signed = `PUT\n${key}\n${expires}\n${ct}\n${max}${len ? `\n${len}` : ''}`;
  return crypto.createHmac('sha256', secret).update(signed).digest();
}

export function createLocalStorage(options: LocalStorageOptions): ObjectStorage {
  const root = path.resolve(options.root);
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());

  const fileOf = (key: string) => {
    assertSafeKey(key);
    if (key.endsWith(META_SUFFIX)) throw new Error(`reserved storage key: ${key}`);
    return path.join(root, key);
  };

  async function writeAtomically(target: string, body: Buffer | string): Promise<void> {
    const tmpDir = path.join(root, TMP_DIR);
    await fs.promises.mkdir(tmpDir, { recursive: true });
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, crypto.randomUUID());
    try {
      await fs.promises.writeFile(tmp, body, { flag: 'wx' });
      await fs.promises.rename(tmp, target);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  async function readMeta(file: string): Promise<Meta> {
    try {
      const meta = JSON.parse(await fs.promises.readFile(file + META_SUFFIX, 'utf8')) as Partial<Meta>;
      return { contentType: meta.contentType ?? FALLBACK_TYPE, cacheControl: meta.cacheControl };
    } catch {
      return { contentType: FALLBACK_TYPE };
    }
  }

  // The open regular file, or null when the key names nothing (or a folder of other keys).
  async function openFile(file: string): Promise<{ handle: fs.promises.FileHandle; size: number } | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw err;
    }
    const stat = await handle.stat().catch(async (err: unknown) => {
      await handle.close();
      throw err;
    });
    if (stat.isFile()) return { handle, size: stat.size };
    await handle.close();
    return null;
  }

  return {
    kind: 'local',

    async presignPut(key, { contentType, expiresSeconds, maxBytes, contentLength }) {
      fileOf(key);
      // The type goes into a header and the signed string: printable ASCII only.
      if (!/^[\x20-\x7e]{1,200}$/.test(contentType)) throw new Error('invalid content type');
      const expires = String(Math.floor(now().getTime() / 1000) + Math.ceil(expiresSeconds));
      // A declared size is also the limit: the route refuses any longer body before storing it.
      const max = String(Math.floor(contentLength ?? maxBytes));
      const len = contentLength !== undefined ? String(Math.floor(contentLength)) : '';
      const sig = signature(options.secret, key, expires, contentType, max, len).toString('base64url');
      const query = new URLSearchParams({ expires, ct: contentType, max, ...(len && { len }), sig });
      return {
        url: `${publicUrl}/uploads/put/${key}?${query.toString()}`,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt: new Date(Number(expires) * 1000),
      };
    },

    async get(key, { maxBytes }) {
      const opened = await openFile(fileOf(key));
      if (!opened) return null;
      const { handle, size } = opened;
      try {
        if (size > maxBytes) throw new ObjectTooLarge();
        // Keep counting while reading: a file that grew since stat is refused, not truncated.
        const chunks: Buffer[] = [];
        let length = 0;
        for (;;) {
          const { bytesRead, buffer } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, length);
          if (bytesRead === 0) break;
          length += bytesRead;
          if (length > maxBytes) throw new ObjectTooLarge();
          chunks.push(buffer.subarray(0, bytesRead));
        }
        return Buffer.concat(chunks, length);
      } finally {
        await handle.close();
      }
    },

    async put(key, body, { contentType, cacheControl }) {
      const file = fileOf(key);
      // Data first, then its type: a reader in between sees the new bytes with the old (or fallback) type.
      await writeAtomically(file, body);
      await writeAtomically(file + META_SUFFIX, JSON.stringify({ contentType, cacheControl }));
    },

    async open(key) {
      const file = fileOf(key);
      const opened = await openFile(file);
      if (!opened) return null;
      const { contentType } = await readMeta(file);
      // The stream owns the handle and closes it when done or destroyed.
      return { body: opened.handle.createReadStream(), contentType, contentLength: opened.size };
    },

    async delete(keys) {
      for (const key of keys) {
        const file = fileOf(key);
        await fs.promises.rm(file, { force: true });
        await fs.promises.rm(file + META_SUFFIX, { force: true });
      }
    },
  };
}

// The upload route's gate, before it reads a byte of the body. Tampering with any signed part
// (key, expiry, content type, size limit) is a `signature` failure; only a genuine URL can be `expired`.
export function verifyLocalPut(secret: Buffer, params: LocalPutParams, now: Date): LocalPutVerdict {
  const { key, expires, ct, max, sig } = params;
  const len = params.len ?? '';
  if (
    typeof len !== 'string' ||
    (len !== '' && !/^\d{1,12}$/.test(len)) ||
    typeof key !== 'string' ||
    typeof expires !== 'string' ||
    typeof ct !== 'string' ||
    typeof max !== 'string' ||
    typeof sig !== 'string' ||
    // As signed: printable ASCII, so no field can pass for two.
    !/^[\x20-\x7e]{1,200}$/.test(ct) ||
    !isSafeKey(key) ||
    !/^\d{1,12}$/.test(expires) ||
    !/^\d{1,12}$/.test(max)
  ) {
    return { ok: false, reason: 'signature' };
  }
  const expected = signature(secret, key, expires, ct, max, len);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  if (now.getTime() >= Number(expires) * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, maxBytes: Number(max), contentType: ct, ...(len && { exactBytes: Number(len) }) };
}

// Reads a request body into memory, refusing it as soon as more than maxBytes arrive. It then stops
// reading (the stream is paused, nothing more is buffered): the caller answers 413 and closes the
// connection. A declared Content-Length past the limit is refused before reading anything.
export function readBodyLimited(req: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  const declared = (req as { headers?: Record<string, string | string[] | undefined> }).headers?.[
    'content-length'
  ];
  if (typeof declared === 'string' && Number(declared) > maxBytes) {
    req.pause();
    return Promise.reject(new ObjectTooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (err) {
        req.pause();
        reject(err);
      } else {
        resolve(Buffer.concat(chunks, length));
      }
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      length += bytes.length;
      if (length > maxBytes) {
        chunks.length = 0;
        finish(new ObjectTooLarge());
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = () => finish(null);
    const onError = (err: Error) => finish(err);
    const onClose = () => finish(new Error('body stream closed before its end'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
