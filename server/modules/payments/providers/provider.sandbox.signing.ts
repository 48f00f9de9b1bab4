// Random ids and HMAC signatures shared by the sandbox provider and its checkout pages.
import crypto from 'node:crypto';

export const random = (bytes = 12) => crypto.randomBytes(bytes).toString('hex');
export const hmacHex = (secret: Buffer, data: string) =>
  crypto.createHmac('sha256', secret).update(data).digest('hex');
export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}
