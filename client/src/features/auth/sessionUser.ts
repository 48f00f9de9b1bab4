import type { AttributeType } from '#client/features/auth/cognitoClient.ts';
import { decodeJwtPayload } from '#client/features/auth/jwt.ts';

// The spec's "Session user": a `user` claim in the id token parsed as JSON, plus the attributes
// email, given_name and family_name (from GetUser, falling back to the id token's claims).
export type SessionUser = {
  username: string;
  sub: string | null;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  // The parsed `user` claim, when the identity provider puts one in the id token.
  user: Record<string, unknown> | null;
};

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

function parseUserClaim(value: unknown): Record<string, unknown> | null {
  if (value && typeof value === 'object') return value as Record<string, unknown>;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function buildSessionUser(
  idToken: string,
  getUser?: { Username: string; UserAttributes: AttributeType[] } | null,
): SessionUser {
  const claims = decodeJwtPayload(idToken) ?? {};
  const attributes = new Map((getUser?.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
  const attr = (name: string) => str(attributes.get(name)) ?? str(claims[name]);
  return {
    username:
      getUser?.Username ?? str(claims['cognito:username']) ?? str(claims.username) ?? attr('email') ?? '',
    sub: attr('sub'),
    email: attr('email'),
    givenName: attr('given_name'),
    familyName: attr('family_name'),
    user: parseUserClaim(claims.user),
  };
}
