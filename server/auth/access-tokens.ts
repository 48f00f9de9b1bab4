import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Config } from '#server/lib/config.ts';
import type { KeyStore } from '#server/identity/signing-keys.ts';
import { AppError, ErrorCode } from '#server/errors/app-error.ts';
import type { IdentityClaims } from '#server/modules/users/users.service.ts';

export type AccessTokenVerifier = {
  verify(token: string): Promise<IdentityClaims>;
};

export type EmbeddedVerifier = AccessTokenVerifier & {
  // Signature, issuer, client and expiry only (the identity provider checks revocation itself).
  verifySignature(token: string): Promise<IdentityClaims>;
  // Drops cached "not revoked" answers of a user (called when the provider revokes something).
  forget(sub: string): void;
};

// How long a "not revoked" answer is trusted: a signed-out session stops working within this time.
export const REVOCATION_CACHE_MS = 10_000;

const expired = (cause: unknown) =>
  new AppError(ErrorCode.UNAUTHENTICATED, 'error.sessionExpired', { cause });

// A token whose signature was checked once need not be checked again until it expires: the same bytes
// verify the same way. Saves an RSA verification on every request of a session. Only successes are
// kept, bounded in number; expiry is checked on every hit.
export function rememberVerified(
  verify: (token: string) => Promise<IdentityClaims>,
  options: { max?: number; now?: () => number } = {},
): (token: string) => Promise<IdentityClaims> {
  const max = options.max ?? 10_000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, IdentityClaims>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit && hit.expiresAt && hit.expiresAt * 1000 > now()) return hit;
    verified.delete(token);
    const claims = await verify(token);
    if (claims.expiresAt) {
      if (verified.size >= max) verified.delete(verified.keys().next().value!);
      verified.set(token, claims);
    }
    return claims;
  };
}

// Embedded mode: tokens of the built-in provider, checked by aws-jwt-verify's JwtVerifier. Its JWKS
// comes straight from the key store (the database), not over HTTP: the app may not reach its own
// public URL, and a key rotated by another instance is picked up on the first unknown `kid`.
export function createEmbeddedVerifier(
  config: Config,
  keys: KeyStore,
  // Revocation (GlobalSignOut, RevokeToken) is checked here; a JWT alone cannot know about it.
  isRevoked: (claims: { sub: string; originJti?: string; iat?: number }) => Promise<boolean> = async () =>
    false,
): EmbeddedVerifier {
  const revokedCache = new Map<string, { revoked: boolean; until: number }>();
  const checkRevoked = async (claims: { sub: string; originJti?: string; iat?: number }) => {
    const key = `${claims.sub}:${claims.originJti ?? ''}:${claims.iat ?? ''}`;
    const hit = revokedCache.get(key);
    if (hit && hit.until > Date.now()) return hit.revoked;
    const revoked = await isRevoked(claims);
    if (revokedCache.size > 20_000) revokedCache.clear();
    revokedCache.set(key, { revoked, until: Date.now() + REVOCATION_CACHE_MS });
    return revoked;
  };
  const jwksUri = `${config.publicUrl}/.well-known/jwks.json`;
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async () => new TextEncoder().encode(JSON.stringify(await keys.jwks())).buffer,
    },
  });
  const verifier = JwtVerifier.create(
    {
      issuer: config.cognito.issuer,
      audience: null,
      jwksUri,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
        if (payload.client_id !== config.cognito.clientId) throw new Error('token of another client');
        if (typeof payload.sub !== 'string' || typeof payload.username !== 'string')
          throw new Error('claims missing');
      },
    },
    { jwksCache },
  );
  const verifySignature = rememberVerified(async (token: string): Promise<IdentityClaims> => {
    try {
      const payload = await verifier.verify(token);
      return {
        sub: payload.sub as string,
        username: payload.username as string,
        expiresAt: payload.exp,
        issuedAt: payload.iat,
        authTime: typeof payload.auth_time === 'number' ? payload.auth_time : undefined,
        originJti: typeof payload.origin_jti === 'string' ? payload.origin_jti : undefined,
      };
    } catch (err) {
      throw expired(err);
    }
  });
  return {
    verifySignature,
    async verify(token) {
      const claims = await verifySignature(token);
      if (await checkRevoked({ sub: claims.sub, originJti: claims.originJti, iat: claims.issuedAt })) {
        throw expired(new Error('token revoked'));
      }
      return claims;
    },
    forget(sub) {
      for (const key of revokedCache.keys()) if (key.startsWith(`${sub}:`)) revokedCache.delete(key);
    },
  };
}

// Production: tokens of the configured Cognito user pool.
export function createCognitoVerifier(config: Config): AccessTokenVerifier {
  const verifier = CognitoJwtVerifier.create({
    userPoolId: config.cognito.userPoolId,
    tokenUse: 'access',
    clientId: config.cognito.clientId,
  });
  return {
    verify: rememberVerified(async (token) => {
      try {
        const payload = await verifier.verify(token);
        return {
          sub: payload.sub,
          username: payload.username,
          expiresAt: payload.exp,
          issuedAt: payload.iat,
          authTime: typeof payload.auth_time === 'number' ? payload.auth_time : undefined,
        };
      } catch (err) {
        throw expired(err);
      }
    }),
  };
}

export function bearerToken(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

// Cognito's GetUser with the caller's access token: the user's e-mail and name for a new profile row
// (Cognito access tokens carry neither).
export async function cognitoProfile(endpoint: string, accessToken: string) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser',
    },
    body: JSON.stringify({ AccessToken: accessToken }),
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { UserAttributes?: { Name: string; Value: string }[] };
  const attr = (n: string) => body.UserAttributes?.find((a) => a.Name === n)?.Value ?? null;
  return { email: attr('email'), name: attr('name'), emailVerified: attr('email_verified') === 'true' };
}
