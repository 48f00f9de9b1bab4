import type { Viewer } from '#server/context/viewer.ts';
import { currentScope } from '#server/lib/request-scope.ts';
import type { IdentityClaims, ProfileLookup, UsersService } from '#server/modules/users/users.service.ts';
import type { AccessTokenVerifier } from './access-tokens.ts';
import { isSuspended, suspendedError } from './suspension.ts';

export type Authenticate = (
  token: string | undefined,
  // The client's address: refreshes the user's approximate location (map centre).
  ip?: string | null,
) => Promise<{
  viewer: Viewer | null;
  expiresAt: number | null;
  // The sign-in this token came from (its origin_jti), so a sign-out of one device ends its sockets.
  session?: string | null;
}>;

// Bearer token -> viewer. No token: anonymous. A token that does not verify: UNAUTHENTICATED (thrown),
// so clients learn to refresh instead of silently becoming anonymous.
export function createAuthenticate(
  verifier: AccessTokenVerifier,
  users: UsersService,
  // Where a new user's e-mail and name come from (the token has only the subject).
  profileOf: (claims: IdentityClaims, token: string) => ReturnType<ProfileLookup>,
  // Whose token this is when it verified but was refused (revoked): a suspension's revocation then
  // answers with the suspension's reason instead of "session expired" (ADR 039).
  ownerOfRefused: (token: string) => Promise<Viewer | undefined> = async () => undefined,
): Authenticate {
  return async (token, ip) => {
    if (!token) return { viewer: null, expiresAt: null };
    let claims: IdentityClaims;
    try {
      claims = await verifier.verify(token);
    } catch (err) {
      const owner = await ownerOfRefused(token).catch(() => undefined);
      if (owner && isSuspended(owner, new Date())) throw suspendedError(owner);
      throw err;
    }
    // Deleting the account asks for a recent sign-in when there is no password to check (ADR 054).
    const scope = currentScope();
    if (scope) scope.authTime = claims.authTime;
    const viewer = await users.viewerFor(claims, () => profileOf(claims, token));
    users.seen(viewer.id, ip ?? null);
    return { viewer, expiresAt: claims.expiresAt ?? null, session: claims.originJti ?? null };
  };
}
