// The avatar pipeline: an uploaded file becomes a profile picture only after it has been checked by
// content (never by its declared type or name) and re-encoded, which also drops EXIF and GPS.
import sharp, { type Metadata, type Sharp } from 'sharp';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZES = [96, 256, 512] as const;
// Decoding cost is bounded by pixels, not bytes: a small PNG can declare 50 000 x 50 000.
export const AVATAR_MAX_PIXELS = 40_000_000;
const EMAIL_SIZE = 512;
const QUALITY = 82;

// Memory (issue 24, ADR 055): 24 concurrent 40-megapixel PNGs took a replica from 304 MB to 856 MB
// resident. Shrinking one such picture holds about 75 MB in libvips, and the freed memory stays in
// the malloc arena of whichever thread used it. So an instance processes one picture at a time (the
// others wait their turn, in arrival order), decodes it once, keeps libvips' operation cache off (it
// would keep pictures for reuse we never make) and leaves sharp's one thread per picture on glibc.
export const PROCESSING_SLOTS = 1;
sharp.cache(false);

let busy = 0;
const waiting: (() => void)[] = [];

export async function inProcessingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= PROCESSING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter (busy stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

// Animated GIF/WebP are not refused: only the first frame is read (sharp's `animated: false`), so the
// avatar is a still picture. There is no 'animated' rejection.
export type ImageRejection = 'notImage' | 'svg' | 'tooLarge' | 'tooManyPixels';

export class ImageRejected extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejected';
  }
}

export type AvatarVariant = { size: number; format: 'webp' | 'jpeg'; contentType: string; body: Buffer };

type Detected = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';

// ISO base media (AVIF/HEIC) brands that libheif reads.
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

const startsWith = (input: Buffer, bytes: number[], at = 0) =>
  input.length >= at + bytes.length && bytes.every((b, i) => input[at + i] === b);
const ascii = (input: Buffer, from: number, to: number) => input.toString('latin1', from, to);

function heifBrand(input: Buffer): boolean {
  if (input.length < 16 || ascii(input, 4, 8) !== 'ftyp') return false;
  const boxSize = input.readUInt32BE(0);
  if (boxSize < 16 || boxSize > Math.min(input.length, 4096)) return false;
  // The major brand, then the compatible brands after the minor version.
  const brands = [ascii(input, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(input, at, at + 4));
  return brands.some((brand) => HEIF_BRANDS.has(brand));
}

// The allow list of signatures. Anything else never reaches sharp, whose SVG (librsvg), PDF, TIFF and
// raw loaders we never want to run on user input.
function sniff(input: Buffer): Detected | null {
  if (startsWith(input, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(input, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(input, 0, 6) === 'GIF87a' || ascii(input, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 12) === 'WEBP') return 'webp';
  if (heifBrand(input)) return 'heif';
  return null;
}

// SVG gets its own reason (the client tells the user "SVG is not supported"): markup after an optional
// byte order mark and whitespace, in UTF-8 or UTF-16.
function looksLikeSvg(input: Buffer): boolean {
  const utf16 = (from: number) => {
    const bytes = input.subarray(from, from + 8192);
    return bytes.subarray(0, bytes.length - (bytes.length % 2));
  };
  let head: string;
  if (startsWith(input, [0xff, 0xfe])) head = utf16(2).toString('utf16le');
  else if (startsWith(input, [0xfe, 0xff])) head = Buffer.from(utf16(2)).swap16().toString('utf16le');
  else head = input.subarray(startsWith(input, [0xef, 0xbb, 0xbf]) ? 3 : 0, 8192).toString('utf8');
  head = head.trimStart().toLowerCase();
  return head.startsWith('<') && /<svg[\s>/]|<!doctype\s+svg/.test(head);
}

async function decodable(input: Buffer, expected: Detected): Promise<Sharp> {
  const image = sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', animated: false });
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch (err) {
    throw rejectionOf(err);
  }
  // sharp picks its loader by content too; it must agree with our sniffing (no polyglot surprises).
  if (metadata.format !== expected || !metadata.width || !metadata.height)
    throw new ImageRejected('notImage');
  // sharp already refuses past limitInputPixels; this keeps the rule ours. With `animated: false`
  // the height is one frame's.
  if (metadata.width * metadata.height > AVATAR_MAX_PIXELS) throw new ImageRejected('tooManyPixels');
  return image;
}

function rejectionOf(err: unknown): ImageRejected {
  if (err instanceof ImageRejected) return err;
  const message = err instanceof Error ? err.message : '';
  return new ImageRejected(/pixel limit/i.test(message) ? 'tooManyPixels' : 'notImage');
}

export function processAvatar(input: Buffer): Promise<AvatarVariant[]> {
  return inProcessingSlot(() => processAvatarInSlot(input));
}

// For a caller that already holds a slot (the uploads service reads the file inside it, so that
// uploads waiting their turn hold no picture in memory).
export async function processAvatarInSlot(input: Buffer): Promise<AvatarVariant[]> {
  if (input.length > AVATAR_MAX_BYTES) throw new ImageRejected('tooLarge');
  const detected = sniff(input);
  if (!detected) throw new ImageRejected(looksLikeSvg(input) ? 'svg' : 'notImage');
  return encode(input, detected);
}

async function encode(input: Buffer, detected: Detected): Promise<AvatarVariant[]> {
  const image = await decodable(input, detected);
  try {
    // The full picture is decoded once, into the largest square (rotate() applies the EXIF
    // orientation); the other sizes come from those 512 x 512 pixels. No withMetadata/keepExif: sharp
    // writes no EXIF, XMP or IPTC (so no GPS) unless asked to.
    const { data, info } = await image
      .rotate()
      .resize(EMAIL_SIZE, EMAIL_SIZE, { fit: 'cover', position: 'attention' })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const square = (size: number) => sharp(data, pixels).resize(size, size);
    // One after the other: fewer threads at once, so fewer malloc arenas holding freed memory.
    const webps: AvatarVariant[] = [];
    for (const size of AVATAR_SIZES)
      webps.push({
        size,
        format: 'webp',
        contentType: 'image/webp',
        body: await square(size).webp({ quality: QUALITY }).toBuffer(),
      });
    // For e-mail clients, which do not all show WebP. JPEG has no alpha: transparent parts turn white.
    const jpeg = await square(EMAIL_SIZE)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: QUALITY, mozjpeg: true })
      .toBuffer();
    return [...webps, { size: EMAIL_SIZE, format: 'jpeg', contentType: 'image/jpeg', body: jpeg }];
  } catch (err) {
    throw rejectionOf(err);
  }
}
