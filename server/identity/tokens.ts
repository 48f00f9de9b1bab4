import crypto from 'node:crypto';
import type { KeyStore } from './signing-keys.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const ID_TOKEN_TTL_SECONDS = 60 * 60;

export type TokenIdentity = {
  sub: string;
  username: string;
  email?: string | null;
  emailVerified?: boolean;
  name?: string | null;
};

export type TokenSettings = { issuer: string; clientId: string; now?: () => Date };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

// What every access token grants (Cognito's scopes for its own API and the OpenID ones); the token
// endpoint says so in its `scope` (RFC 6749 5.1).
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin openid email profile';

// Access token shaped like Cognito's (token_use, client_id, username, scope, jti, auth_time, iss).
export function mintAccessToken(
  keys: KeyStore,
  settings: TokenSettings,
  who: TokenIdentity,
  options: { authTime?: Date; ttlSeconds?: number; originJti?: string } = {},
): string {
  const now = settings.now?.() ?? new Date();
  const iat = seconds(now);
  return keys.sign({
    sub: who.sub,
    iss: settings.issuer,
    client_id: settings.clientId,
    origin_jti: options.originJti ?? crypto.randomUUID(),
    event_id: crypto.randomUUID(),
    token_use: 'access',
    scope: ACCESS_TOKEN_SCOPE,
    auth_time: seconds(options.authTime ?? now),
    iat,
    exp: iat + (options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS),
    jti: crypto.randomUUID(),
    username: who.username,
  });
}

// ID token shaped like Cognito's (aud, email, email_verified, cognito:username).
export function mintIdToken(
  keys: KeyStore,
  settings: TokenSettings,
  who: TokenIdentity,
  // `nonce`: the relying party's, from its authorization request (OIDC Core 2).
  options: { authTime?: Date; ttlSeconds?: number; originJti?: string; nonce?: string } = {},
): string {
  const now = settings.now?.() ?? new Date();
  const iat = seconds(now);
  return keys.sign({
    sub: who.sub,
    aud: settings.clientId,
    nonce: options.nonce,
    iss: settings.issuer,
    email: who.email ?? undefined,
    email_verified: who.emailVerified ?? false,
    name: who.name ?? undefined,
    'cognito:username': who.username,
    origin_jti: options.originJti ?? crypto.randomUUID(),
    event_id: crypto.randomUUID(),
    token_use: 'id',
    auth_time: seconds(options.authTime ?? now),
    iat,
    exp: iat + (options.ttlSeconds ?? ID_TOKEN_TTL_SECONDS),
    jti: crypto.randomUUID(),
  });
}
