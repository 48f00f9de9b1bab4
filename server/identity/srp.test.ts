import crypto from 'node:crypto';
import * as cognitoJs from 'amazon-cognito-identity-js';
import { describe, expect, it } from 'vitest';
import {
  claimSignature,
  deriveVerifier,
  openBlock,
  padHex,
  parseTimestamp,
  poolName,
  sealBlock,
  serverSession,
} from './srp.ts';

// The client's half is AWS's own (amazon-cognito-identity-js's AuthenticationHelper, BigInteger from
// its jsbn copy): what it derives from the password must be the key the server derived from the
// verifier.
type Big = { toString(radix: number): string };
type Helper = {
  largeAValue: Big;
  getPasswordAuthenticationKey(
    user: string,
    password: string,
    B: unknown,
    salt: unknown,
    cb: (err: Error | null, key: Buffer) => void,
  ): void;
};

// Exported at run time, missing from the package's type declarations.
const { AuthenticationHelper, DateHelper } = cognitoJs as unknown as {
  AuthenticationHelper: new (pool: string) => Helper;
  DateHelper: new () => { getNowString(): string };
};

function clientKey(helper: Helper, user: string, password: string, B: string, salt: string) {
  const BigInteger = (helper.largeAValue as { constructor: new (v: string, r: number) => unknown })
    .constructor;
  return new Promise<Buffer>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(
      user,
      password,
      new BigInteger(B, 16),
      new BigInteger(salt, 16),
      (err, key) => (err ? reject(err) : resolve(Buffer.from(key))),
    ),
  );
}

describe('SRP as Cognito computes it', () => {
  const pool = poolName('eu-central-1_SquadLocal');
  const user = crypto.randomUUID();

  it('gives the server and AWS’s client the same key for the right password only', async () => {
    expect(pool).toBe('SquadLocal');
    const { salt, verifier } = deriveVerifier(pool, user, 'gizli-şifre-1');
    for (let i = 0; i < 3; i++) {
      const helper = new AuthenticationHelper(pool);
      const session = serverSession(helper.largeAValue.toString(16), verifier)!;
      expect(await clientKey(helper, user, 'gizli-şifre-1', session.B, salt)).toEqual(session.key);
      const other = new AuthenticationHelper(pool);
      const wrong = serverSession(other.largeAValue.toString(16), verifier)!;
      expect(await clientKey(other, user, 'gizli-sifre-1', wrong.B, salt)).not.toEqual(wrong.key);
    }
  });

  it('refuses an A that is zero modulo N or not hex', () => {
    const { verifier } = deriveVerifier(pool, user, 'x');
    expect(serverSession('0', verifier)).toBeNull();
    expect(serverSession(padHex(0n), verifier)).toBeNull();
    expect(serverSession('zz', verifier)).toBeNull();
  });

  it('pads as the clients do', () => {
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0xabcn)).toBe('0abc');
  });

  it('reads the timestamp the clients send and refuses others', () => {
    const now = new DateHelper().getNowString();
    expect(Math.abs(parseTimestamp(now)!.getTime() - Date.now())).toBeLessThan(5000);
    expect(parseTimestamp('Thu Nov 26 23:14:19 UTC 2026')?.toISOString()).toBe('2026-11-26T23:14:19.000Z');
    expect(parseTimestamp('Fri Nov 26 23:14:19 UTC 2026')).toBeNull();
    expect(parseTimestamp('2026-11-26T23:14:19Z')).toBeNull();
  });

  it('signs the claim over pool, user, block and time', () => {
    const key = crypto.randomBytes(16);
    const block = sealBlock(crypto.randomBytes(32), { a: 1 });
    const one = claimSignature(key, pool, user, block, 'Thu Nov 26 23:14:19 UTC 2026');
    expect(claimSignature(key, pool, user, block, 'Thu Nov 26 23:14:20 UTC 2026')).not.toBe(one);
    expect(claimSignature(key, pool, crypto.randomUUID(), block, 'Thu Nov 26 23:14:19 UTC 2026')).not.toBe(
      one,
    );
  });

  it('seals the secret block so that only the server reads it and nobody changes it', () => {
    const secret = crypto.randomBytes(32);
    const block = sealBlock(secret, { sub: user, k: 'abc' });
    expect(Buffer.from(block, 'base64').toString('latin1')).not.toContain(user);
    expect(openBlock(secret, block)).toEqual({ sub: user, k: 'abc' });
    expect(openBlock(crypto.randomBytes(32), block)).toBeNull();
    const raw = Buffer.from(block, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(openBlock(secret, raw.toString('base64'))).toBeNull();
  });
});
