import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, readBodyLimited, verifyLocalPut } from './uploads.storage-local.ts';
import { isSafeKey, ObjectTooLarge, type ObjectStorage } from './uploads.storage.ts';

const secret = crypto.randomBytes(32);
const NOW = new Date('2026-11-25T10:00:00Z');

let root: string;
let storage: ObjectStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'squad-uploads-'));
  storage = createLocalStorage({ root, publicUrl: 'http://localhost:3000/', secret, now: () => NOW });
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

// The query of a presigned URL, as the upload route reads it.
function paramsOf(url: string) {
  const u = new URL(url);
  const q = (name: string) => u.searchParams.get(name) ?? '';
  const key = decodeURIComponent(u.pathname.replace(/^\/uploads\/put\//, ''));
  return { key, expires: q('expires'), ct: q('ct'), max: q('max'), len: q('len'), sig: q('sig') };
}

describe('local storage', () => {
  it('puts, gets, opens and deletes an object', async () => {
    const body = Buffer.from('avatar bytes');
    await storage.put('avatars/u1/3-256.webp', body, {
      contentType: 'image/webp',
      cacheControl: 'max-age=60',
    });
    expect(fs.readFileSync(path.join(root, 'avatars/u1/3-256.webp'))).toEqual(body);
    // No temp file is left behind by the atomic write.
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);

    expect(await storage.get('avatars/u1/3-256.webp', { maxBytes: 1000 })).toEqual(body);
    const opened = await storage.open('avatars/u1/3-256.webp');
    expect(opened).toMatchObject({ contentType: 'image/webp', contentLength: body.length });
    expect(await text(opened!.body)).toBe('avatar bytes');

    await storage.put('avatars/u1/3-256.webp', Buffer.from('v2'), { contentType: 'image/png' });
    expect((await storage.get('avatars/u1/3-256.webp', { maxBytes: 1000 }))?.toString()).toBe('v2');
    const reopened = await storage.open('avatars/u1/3-256.webp');
    expect(reopened?.contentType).toBe('image/png');
    await text(reopened!.body);

    await storage.delete(['avatars/u1/3-256.webp', 'avatars/u1/never-there.webp']);
    expect(await storage.get('avatars/u1/3-256.webp', { maxBytes: 1000 })).toBeNull();
    expect(await storage.open('avatars/u1/3-256.webp')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'avatars/u1'))).toEqual([]);
  });

  it('gives null for a missing key and refuses an object past maxBytes', async () => {
    expect(await storage.get('incoming/none', { maxBytes: 10 })).toBeNull();
    // A folder of other keys, and a path through a file, are no objects either.
    await storage.put('avatars/u2/1-96.webp', Buffer.from('x'), { contentType: 'image/webp' });
    expect(await storage.get('avatars/u2', { maxBytes: 10 })).toBeNull();
    expect(await storage.open('avatars/u2')).toBeNull();
    expect(await storage.get('avatars/u2/1-96.webp/x', { maxBytes: 10 })).toBeNull();
    await storage.put('incoming/big', Buffer.alloc(11, 1), { contentType: 'application/octet-stream' });
    await expect(storage.get('incoming/big', { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLarge);
    expect(await storage.get('incoming/big', { maxBytes: 11 })).toHaveLength(11);
  });

  it('refuses unsafe keys in every operation', async () => {
    const bad = ['../etc/passwd', '/abs', 'a/../b', 'a//b', 'a/./b', '.tmp/x', 'a b', 'a/b.meta.json', ''];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow();
      await expect(storage.get(key, { maxBytes: 10 })).rejects.toThrow();
      await expect(storage.open(key)).rejects.toThrow();
      await expect(storage.delete([key])).rejects.toThrow();
      await expect(
        storage.presignPut(key, { contentType: 'image/png', expiresSeconds: 60, maxBytes: 10 }),
      ).rejects.toThrow();
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });
});

describe('isSafeKey', () => {
  it('accepts our keys and nothing that could climb or hide', () => {
    expect(isSafeKey('incoming/8d0f7c6e-52d4-4b4e-9a55-0f8c7f0e6a11')).toBe(true);
    expect(isSafeKey('avatars/u_1/12-96.webp')).toBe(true);
    for (const key of [
      '..',
      'a/..',
      '../a',
      '/a',
      'a/',
      'a//b',
      '.hidden',
      'a/.b',
      'a\\b',
      'ç',
      'a?b',
      'a%2e',
    ]) {
      expect(isSafeKey(key), key).toBe(false);
    }
    expect(isSafeKey('a'.repeat(200))).toBe(true);
    expect(isSafeKey('a'.repeat(201))).toBe(false);
  });
});

describe('presigned local PUT', () => {
  const options = { contentType: 'image/jpeg', expiresSeconds: 300, maxBytes: 5 * 1024 * 1024 };

  it('signs a URL served by the app that verifies until it expires', async () => {
    const put = await storage.presignPut('incoming/abc', options);
    expect(put.method).toBe('PUT');
    expect(put.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(put.url.startsWith('http://localhost:3000/uploads/put/incoming/abc?')).toBe(true);
    expect(put.expiresAt.getTime()).toBe(NOW.getTime() + 300_000);
    const params = paramsOf(put.url);
    expect(params).toMatchObject({ key: 'incoming/abc', ct: 'image/jpeg', max: String(5 * 1024 * 1024) });

    expect(verifyLocalPut(secret, params, NOW)).toEqual({
      ok: true,
      maxBytes: 5 * 1024 * 1024,
      contentType: 'image/jpeg',
    });
    expect(verifyLocalPut(secret, params, new Date(NOW.getTime() + 299_000)).ok).toBe(true);
    expect(verifyLocalPut(secret, params, new Date(NOW.getTime() + 300_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses any tampered part, a foreign secret and missing parameters', async () => {
    const params = paramsOf((await storage.presignPut('incoming/abc', options)).url);
    const tampered = [
      { ...params, key: 'incoming/abd' },
      { ...params, ct: 'image/svg+xml' },
      { ...params, max: String(50 * 1024 * 1024) },
      { ...params, expires: String(Number(params.expires) + 3600) },
      { ...params, sig: params.sig.slice(0, -2) + (params.sig.endsWith('AA') ? 'BB' : 'AA') },
      { ...params, sig: params.sig.slice(0, 10) },
      { ...params, sig: undefined },
      { ...params, key: '../incoming/abc' },
      { ...params, max: ['1', '2'] },
    ];
    for (const candidate of tampered) {
      expect(verifyLocalPut(secret, candidate, NOW), JSON.stringify(candidate)).toEqual({
        ok: false,
        reason: 'signature',
      });
    }
    expect(verifyLocalPut(crypto.randomBytes(32), params, NOW)).toEqual({ ok: false, reason: 'signature' });
    // A tampered URL is a signature failure even once it has expired.
    expect(verifyLocalPut(secret, { ...params, ct: 'text/html' }, new Date('2030-01-01'))).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('encodes an unusual content type and refuses a header-breaking one', async () => {
    const put = await storage.presignPut('incoming/q', { ...options, contentType: 'image/png; q=1&x=2' });
    const params = paramsOf(put.url);
    expect(params.ct).toBe('image/png; q=1&x=2');
    expect(verifyLocalPut(secret, params, NOW).ok).toBe(true);
    await expect(
      storage.presignPut('incoming/q', { ...options, contentType: 'image/png\r\nX: y' }),
    ).rejects.toThrow();
  });

  it('binds a declared size: it becomes the limit, and neither it nor the limit can be changed (ADR 063)', async () => {
    const put = await storage.presignPut('incoming/sized', { ...options, contentLength: 1234 });
    const params = paramsOf(put.url);
    expect([params.len, params.max]).toEqual(['1234', '1234']);
    expect(verifyLocalPut(secret, params, NOW)).toEqual({
      ok: true,
      maxBytes: 1234,
      contentType: 'image/jpeg',
      exactBytes: 1234,
    });
    for (const tampered of [
      { ...params, len: '' },
      { ...params, len: '5000', max: '5000' },
      { ...params, max: String(5 * 1024 * 1024) },
      // The size moved into the content type, the signed string unchanged.
      { ...params, ct: `image/jpeg\n1234`, max: '1234', len: '' },
    ])
      expect(verifyLocalPut(secret, tampered, NOW)).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('readBodyLimited', () => {
  it('collects a body up to the limit, not one byte more', async () => {
    const stream = new PassThrough();
    const body = readBodyLimited(stream, 10);
    stream.write('hello ');
    stream.end('world');
    await expect(body).rejects.toBeInstanceOf(ObjectTooLarge);

    const exact = new PassThrough();
    const ok = readBodyLimited(exact, 11);
    exact.write('hello ');
    exact.end('world');
    expect((await ok).toString()).toBe('hello world');
  });

  it('stops reading as soon as the limit is passed', async () => {
    const stream = new PassThrough();
    let pulled = 0;
    stream.on('data', (chunk: Buffer) => (pulled += chunk.length));
    const body = readBodyLimited(stream, 1000);
    stream.write(Buffer.alloc(600));
    stream.write(Buffer.alloc(600));
    await expect(body).rejects.toBeInstanceOf(ObjectTooLarge);
    expect(stream.isPaused()).toBe(true);
    // The sender keeps going; nothing more flows out of the paused stream.
    stream.write(Buffer.alloc(600));
    stream.write(Buffer.alloc(600));
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBe(1200);
  });

  it('refuses a declared Content-Length past the limit without reading', async () => {
    const stream = Object.assign(new PassThrough(), { headers: { 'content-length': '5000' } });
    let pulled = 0;
    stream.on('data', (chunk: Buffer) => (pulled += chunk.length));
    await expect(readBodyLimited(stream, 1000)).rejects.toBeInstanceOf(ObjectTooLarge);
    stream.write(Buffer.alloc(10));
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBe(0);
  });

  it('rejects when the stream fails or closes early', async () => {
    const failing = new PassThrough();
    const body = readBodyLimited(failing, 1000);
    failing.write('partial');
    failing.destroy(new Error('aborted'));
    await expect(body).rejects.toThrow('aborted');

    const closed = new PassThrough();
    const cut = readBodyLimited(closed, 1000);
    closed.write('partial');
    closed.destroy();
    await expect(cut).rejects.toThrow(/closed before its end/);
  });
});
