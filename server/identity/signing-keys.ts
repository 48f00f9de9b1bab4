import crypto, { type KeyObject } from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { signingKeys } from '#db/schema/index.ts';

export type PublicJwk = JsonWebKey & { kid: string; alg: string; use: string };
export type Jwks = { keys: PublicJwk[] };

export type KeyStore = {
  currentKid(): string;
  sign(payload: Record<string, unknown>): string;
  jwks(): Promise<Jwks>;
};

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

function newKey() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto
    .createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('base64url')
    .slice(0, 22);
  return {
    kid,
    privateJwk: privateKey.export({ format: 'jwk' }) as JsonWebKey,
    publicJwk: publicKey.export({ format: 'jwk' }) as JsonWebKey,
  };
}

function toPublic(row: { kid: string; publicJwk: JsonWebKey }): PublicJwk {
  return { ...row.publicJwk, kid: row.kid, alg: 'RS256', use: 'sig' };
}

// The built-in provider's RS256 keys: generated on the first start, kept in the database.
export async function loadKeyStore(db: Database): Promise<KeyStore> {
  let rows = await db
    .select()
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(desc(signingKeys.createdAt));
  if (rows.length === 0) {
    await db.insert(signingKeys).values(newKey()).onConflictDoNothing();
    rows = await db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt));
  }
  const current = rows[0];
  const privateKey: KeyObject = crypto.createPrivateKey({
    key: current.privateJwk as crypto.JsonWebKey,
    format: 'jwk',
  });

  return {
    currentKid: () => current.kid,
    sign(payload) {
      const header = b64url(JSON.stringify({ alg: 'RS256', kid: current.kid, typ: 'JWT' }));
      const body = b64url(JSON.stringify(payload));
      const signature = crypto.sign('sha256', Buffer.from(`${header}.${body}`), privateKey);
      return `${header}.${body}.${b64url(signature)}`;
    },
    async jwks() {
      // Every key not yet retired, so tokens signed before a rotation keep verifying.
      const all = await db
        .select({ kid: signingKeys.kid, publicJwk: signingKeys.publicJwk })
        .from(signingKeys)
        .where(isNull(signingKeys.retiredAt));
      return { keys: all.map(toPublic) };
    },
  };
}
