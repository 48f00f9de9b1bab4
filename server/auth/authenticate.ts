import type { Viewer } from '#server/context/viewer.ts';
import type { IdentityClaims, ProfileLookup, UsersService } from '#server/modules/users/users.service.ts';
import type { AccessTokenVerifier } from './access-tokens.ts';

export type Authenticate = (
  token: string | undefined,
  // The client's address: refreshes the user's approximate location (map centre).
  ip?: string | null,
) => Promise<{ viewer: Viewer | null; expiresAt: number | null }>;

// Bearer token -> viewer. No token: anonymous. A token that does not verify: UNAUTHENTICATED (thrown),
// so clients learn to refresh instead of silently becoming anonymous.
export function createAuthenticate(
  verifier: AccessTokenVerifier,
  users: UsersService,
  // Where a new user's e-mail and name come from (the token has only the subject).
  profileOf: (claims: IdentityClaims, token: string) => ReturnType<ProfileLookup>,
): Authenticate {
  return async (token, ip) => {
    if (!token) return { viewer: null, expiresAt: null };
    const claims = await verifier.verify(token);
    const viewer = await users.viewerFor(claims, () => profileOf(claims, token));
    users.seen(viewer.id, ip ?? null);
    return { viewer, expiresAt: claims.expiresAt ?? null };
  };
}
