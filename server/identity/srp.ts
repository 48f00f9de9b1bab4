import crypto from 'node:crypto';

// Cognito's SRP-6a (USER_SRP_AUTH), the server's half of what amazon-cognito-identity-js's
// AuthenticationHelper and Amplify v6's srp helpers compute (ADR 065): the 3072-bit group of RFC 3526,
// g = 2, k = H(PAD(N) | PAD(g)), x = H(PAD(salt) | H(pool name | user id | ":" | password)),
// u = H(PAD(A) | PAD(B)), the key HKDF(salt = PAD(u), ikm = PAD(S), "Caldera Derived Key") cut to
// 16 bytes, and the claim HMAC(key, pool name | user id | secret block | timestamp). PAD is their
// padHex: even length, with a leading 00 when the top bit is set. No npm SRP library implements this
// variant (the pad, the hex hashing, the HKDF and the claim are Cognito's own), so it is written here
// with BigInt and node:crypto, and tested against AWS's own client libraries.
const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;
// HKDF's info; its expand step appends the 0x01 the clients add by hand.
const INFO = Buffer.from('Caldera Derived Key', 'utf8');

export function padHex(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest('hex');
const hexHash = (hex: string) => sha256Hex(Buffer.from(hex, 'hex'));
const big = (hex: string) => BigInt(`0x${hex}`);
const k = big(hexHash(padHex(N) + padHex(g)));

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

// The part of the pool id the clients hash: "eu-central-1_SquadLocal" → "SquadLocal".
export const poolName = (userPoolId: string) => userPoolId.split('_')[1] ?? '';

export type Verifier = { salt: string; verifier: string };

// Derived wherever the password is known (sign-up, change, reset, a password sign-in); `saltSeed`
// makes a stand-in verifier repeatable for accounts that have none (its "password" is random).
export function deriveVerifier(pool: string, userId: string, password: string, saltSeed?: Buffer): Verifier {
  const salt = padHex(big((saltSeed ?? crypto.randomBytes(16)).subarray(0, 16).toString('hex')));
  const x = big(hexHash(salt + sha256Hex(`${pool}${userId}:${password}`)));
  return { salt, verifier: padHex(modPow(g, x, N)) };
}

const HEX = /^[0-9a-f]{1,1024}$/i;

export type ServerSession = { B: string; key: Buffer };

// The server's answer to the client's A: B = k·v + g^b, and at once the session key the client's
// proof must be made with, S = (A · v^u)^b. Null when A is unusable (A mod N = 0, not hex).
export function serverSession(srpA: string, verifierHex: string): ServerSession | null {
  if (!HEX.test(srpA)) return null;
  const A = big(srpA);
  if (A % N === 0n) return null;
  const v = big(verifierHex);
  for (;;) {
    const b = big(crypto.randomBytes(32).toString('hex'));
    const B = (k * v + modPow(g, b, N)) % N;
    if (B === 0n) continue;
    const u = big(hexHash(padHex(A) + padHex(B)));
    if (u === 0n) continue;
    const S = modPow((A * modPow(v, u, N)) % N, b, N);
    const key = Buffer.from(
      crypto.hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), INFO, 16),
    );
    return { B: padHex(B), key };
  }
}

// The PASSWORD_CLAIM_SIGNATURE a client holding the right password sends (base64).
export function claimSignature(
  key: Buffer,
  pool: string,
  userId: string,
  secretBlock: string,
  timestamp: string,
): string {
  return crypto
    .createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(pool, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

// Cognito's TIMESTAMP, "EEE MMM d HH:mm:ss UTC yyyy" (e.g. "Thu Nov 26 9:05:03 UTC 2026" has no
// leading zero on the day); null when it is not one.
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function parseTimestamp(value: string): Date | null {
  const m = /^(\w{3}) (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(value);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  if (month < 0 || !DAYS.includes(m[1])) return null;
  const date = new Date(Date.UTC(+m[7], month, +m[3], +m[4], +m[5], +m[6]));
  if (date.getUTCDate() !== +m[3] || DAYS[date.getUTCDay()] !== m[1]) return null;
  return date;
}

// The SECRET_BLOCK: the state between the two calls (whose proof, with which key, since when),
// sealed with AES-256-GCM under a server secret, so any replica can open it and nobody else can read
// or change it.
export function sealBlock(secret: Buffer, state: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', blockKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openBlock(secret: Buffer, block: string): unknown {
  const raw = Buffer.from(block, 'base64');
  if (raw.length < 29 || raw.length > 4096) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', blockKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const blockKey = (secret: Buffer) =>
  Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'squad srp secret block', 32));
