import crypto from 'node:crypto';
import sharp, { type Color } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZES,
  ImageRejected,
  inProcessingSlot,
  PROCESSING_SLOTS,
  processAvatar,
  type AvatarVariant,
  type ImageRejection,
} from './uploads.images.ts';

const solid = (width: number, height: number, background: Color, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

async function rejection(input: Buffer): Promise<ImageRejection | 'accepted'> {
  try {
    await processAvatar(input);
    return 'accepted';
  } catch (err) {
    if (err instanceof ImageRejected) return err.reason;
    throw err;
  }
}

// The GPS IFD's entry tags, found by walking the TIFF structure of sharp's `exif` buffer.
function gpsTags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0', 0, 'latin1') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifd: number) =>
    Array.from({ length: u16(ifd) }, (_, i) => ({
      tag: u16(ifd + 2 + i * 12),
      value: u32(ifd + 10 + i * 12),
    }));
  const gpsPointer = entries(u32(4)).find((e) => e.tag === 0x8825);
  return gpsPointer ? entries(gpsPointer.value).map((e) => e.tag) : [];
}

// Every variant: exactly size x size, decodes as the format it claims, and carries no metadata.
async function expectCleanVariants(variants: AvatarVariant[]) {
  expect(variants.map((v) => [v.format, v.size])).toEqual([
    ...AVATAR_SIZES.map((size) => ['webp', size]),
    ['jpeg', 512],
  ]);
  for (const variant of variants) {
    const metadata = await sharp(variant.body).metadata();
    expect(metadata.format).toBe(variant.format);
    expect(variant.contentType).toBe(`image/${variant.format}`);
    expect([metadata.width, metadata.height]).toEqual([variant.size, variant.size]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(variant.body.includes('Exif\0\0', 0, 'latin1')).toBe(false);
  }
}

// The mean colour of a small patch around (x, y), as fractions of the image size.
async function colourAt(body: Buffer, fx: number, fy: number) {
  const { data, info } = await sharp(body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = Math.round(info.width * fx);
  const y = Math.round(info.height * fy);
  const at = (y * info.width + x) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2] };
}

describe('processAvatar', () => {
  it('re-encodes a JPEG with EXIF and GPS into square variants without any metadata', async () => {
    const photo = await solid(800, 600, { r: 200, g: 120, b: 40 })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SquadTestCamera', Model: 'Phone 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '41/1 0/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '29/1 0/1 0/1',
        },
      })
      .toBuffer();
    // The fixture really carries what must be stripped.
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(gpsTags(before.exif!)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(photo.includes('SquadTestCamera')).toBe(true);

    const variants = await processAvatar(photo);
    await expectCleanVariants(variants);
    for (const variant of variants) expect(variant.body.includes('SquadTestCamera')).toBe(false);
  });

  it('applies EXIF orientation: a sideways-stored portrait comes out upright and square', async () => {
    // Stored 600x400: top half red, bottom half blue. Orientation 6 shows it turned 90° clockwise,
    // 400x600, blue on the left and red on the right.
    const red = await solid(600, 200, { r: 255, g: 0, b: 0 }).png().toBuffer();
    const sideways = await solid(600, 400, { r: 0, g: 0, b: 255 })
      .composite([{ input: red, top: 0, left: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect([before.width, before.height, before.orientation]).toEqual([600, 400, 6]);

    const variants = await processAvatar(sideways);
    await expectCleanVariants(variants);
    for (const variant of variants) {
      const left = await colourAt(variant.body, 0.15, 0.5);
      const right = await colourAt(variant.body, 0.85, 0.5);
      expect(left.b).toBeGreaterThan(200);
      expect(left.r).toBeLessThan(60);
      expect(right.r).toBeGreaterThan(200);
      expect(right.b).toBeLessThan(60);
      expect((await sharp(variant.body).metadata()).orientation).toBeUndefined();
    }
  });

  it('keeps a PNG’s transparency in WebP and flattens it onto white in the JPEG', async () => {
    const png = await solid(300, 200, { r: 0, g: 0, b: 255, alpha: 0 }, 4)
      .composite([
        { input: await solid(100, 200, { r: 255, g: 0, b: 0 }).png().toBuffer(), left: 100, top: 0 },
      ])
      .png()
      .toBuffer();
    const variants = await processAvatar(png);
    await expectCleanVariants(variants);
    for (const variant of variants.filter((v) => v.format === 'webp')) {
      expect((await sharp(variant.body).metadata()).hasAlpha).toBe(true);
    }
    const jpeg = variants.find((v) => v.format === 'jpeg')!;
    expect((await sharp(jpeg.body).metadata()).hasAlpha).toBe(false);
    // The transparent corner is white, not black.
    expect(await colourAt(jpeg.body, 0.02, 0.5)).toEqual({
      r: expect.toBeOneOf([253, 254, 255]),
      g: expect.toBeOneOf([253, 254, 255]),
      b: expect.toBeOneOf([253, 254, 255]),
    });
  });

  it('accepts WebP, GIF and AVIF by their content', async () => {
    const base = solid(120, 90, { r: 10, g: 200, b: 30 });
    for (const input of [
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      await expectCleanVariants(await processAvatar(input));
    }
  });

  it('takes the first frame of an animated GIF', async () => {
    const frames = [
      await solid(64, 64, { r: 255, g: 0, b: 0 }).png().toBuffer(),
      await solid(64, 64, { r: 0, g: 0, b: 255 }).png().toBuffer(),
    ];
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const variants = await processAvatar(gif);
    await expectCleanVariants(variants);
    const centre = await colourAt(variants[0].body, 0.5, 0.5);
    expect(centre.r).toBeGreaterThan(200);
    expect(centre.b).toBeLessThan(60);
  });

  it('refuses SVG before sharp (which would render it) sees it', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    // What the guard prevents: sharp itself would happily load it.
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
    const disguises = [
      svg,
      `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`,
      `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n${svg}`,
      `\n\n  \t\r\n${svg}`,
      `\uFEFF  ${svg}`,
      `<!-- logo.png -->\n<SVG xmlns="http://www.w3.org/2000/svg"/>`,
    ];
    for (const text of disguises) expect(await rejection(Buffer.from(text))).toBe('svg');
    expect(await rejection(Buffer.from(`\uFEFF${svg}`, 'utf16le'))).toBe('svg');
    // UTF-16 big-endian, with an odd trailing byte.
    const utf16be = Buffer.from(`\uFEFF${svg}`, 'utf16le').swap16();
    expect(await rejection(Buffer.concat([utf16be, Buffer.from([0x20])]))).toBe('svg');
  });

  it('refuses what is not an image, whatever it claims to be', async () => {
    const random = crypto.randomBytes(4096);
    random[0] = 0;
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
    const text = Buffer.from('Merhaba! This is a plain text file named avatar.jpg\n');
    const html = Buffer.from('<!doctype html><html><body><img src=x></body></html>');
    const jpeg = await solid(64, 64, { r: 1, g: 2, b: 3 }).jpeg().toBuffer();
    // A real JPEG signature with a body cut off, and junk after a GIF header.
    const truncated = jpeg.subarray(0, 40);
    const fakeGif = Buffer.concat([Buffer.from('GIF89a'), crypto.randomBytes(200)]);
    const tiff = await solid(64, 64, { r: 1, g: 2, b: 3 }).tiff().toBuffer();
    for (const input of [random, pdf, text, html, truncated, fakeGif, tiff, Buffer.alloc(0)]) {
      expect(await rejection(input)).toBe('notImage');
    }
  });

  it('refuses more than 5 MB before looking at it', async () => {
    expect(await rejection(Buffer.alloc(AVATAR_MAX_BYTES + 1))).toBe('tooLarge');
    // Exactly at the limit the size passes and the content decides.
    expect(await rejection(Buffer.alloc(AVATAR_MAX_BYTES))).toBe('notImage');
  });

  it('refuses an image with more pixels than the limit, however few bytes it takes', async () => {
    const huge = await solid(10_000, 5_000, { r: 255, g: 255, b: 255 })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(AVATAR_MAX_BYTES);
    expect(await rejection(huge)).toBe('tooManyPixels');
  });
});

describe('processing slots (ADR 055)', () => {
  it('processes one picture at a time per instance, the others in arrival order, and frees a failed slot', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number, fail = false) =>
      inProcessingSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        order.push(n);
        running--;
        if (fail) throw new Error('broken');
        return n;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(PROCESSING_SLOTS).toBe(1);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
