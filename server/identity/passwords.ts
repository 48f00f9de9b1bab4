import argon2 from 'argon2';

// Pool policy: at least 6 characters (what the spec's sign-up accepts). The reset screen asks for
// more on the client; the server enforces the pool's policy for every path alike.
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

export function passwordPolicyProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'Password must be a string';
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password not long enough';
  if (password.length > PASSWORD_MAX_LENGTH) return 'Password too long';
  if (/^\s|\s$/.test(password)) return 'Password must not start or end with whitespace';
  return null;
}

// argon2id with OWASP's baseline parameters (19 MiB, 2 passes).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Spent on unknown users too, so a wrong e-mail and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('squad-dummy-password');
  await verifyPassword(await dummyHash, password);
}
