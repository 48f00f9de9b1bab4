import type { Viewer } from '#server/context/viewer.ts';
import type { UsersService } from '#server/modules/users/users.service.ts';
import type { AccessTokenVerifier } from './access-tokens.ts';

export type Authenticate = (
  token: string | undefined,
) => Promise<{ viewer: Viewer | null; expiresAt: number | null }>;

// Bearer token -> viewer. No token: anonymous. A token that does not verify: UNAUTHENTICATED (thrown),
// so clients learn to refresh instead of silently becoming anonymous.
export function createAuthenticate(verifier: AccessTokenVerifier, users: UsersService): Authenticate {
  return async (token) => {
    if (!token) return { viewer: null, expiresAt: null };
    const claims = await verifier.verify(token);
    const viewer = await users.viewerFor(claims);
    return { viewer, expiresAt: claims.expiresAt ?? null };
  };
}
