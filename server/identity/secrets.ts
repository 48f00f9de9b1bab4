import crypto from 'node:crypto';

// Codes and opaque tokens: random values handed out once; only keyed hashes are stored, compared in
// constant time.
export function newNumericCode(digits = 6): string {
  return crypto
    .randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

export function newOpaqueToken(bytes = 48): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function keyedHash(key: Buffer, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function pkceChallenge(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url');
}

// Cognito's masked destination, e.g. "a***@s***".
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
