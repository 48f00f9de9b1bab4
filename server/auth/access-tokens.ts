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

const expired = (cause: unknown) =>
  new AppError(ErrorCode.UNAUTHENTICATED, 'error.sessionExpired', { cause });

// Embedded mode: tokens of the built-in provider, checked by aws-jwt-verify's JwtVerifier. Its JWKS
// comes straight from the key store (the database), not over HTTP: the app may not reach its own
// public URL, and a key rotated by another instance is picked up on the first unknown `kid`.
export function createEmbeddedVerifier(config: Config, keys: KeyStore): AccessTokenVerifier {
  const jwksUri = `${config.publicUrl}/.well-known/jwks.json`;
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async () => new TextEncoder().encode(JSON.stringify(await keys.jwks())).buffer as ArrayBuffer,
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
  return {
    async verify(token) {
      try {
        const payload = await verifier.verify(token);
        return { sub: payload.sub as string, username: payload.username as string, expiresAt: payload.exp };
      } catch (err) {
        throw expired(err);
      }
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
    async verify(token) {
      try {
        const payload = await verifier.verify(token);
        return { sub: payload.sub, username: payload.username, expiresAt: payload.exp };
      } catch (err) {
        throw expired(err);
      }
    },
  };
}

export function bearerToken(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
