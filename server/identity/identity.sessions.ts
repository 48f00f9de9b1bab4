import { cognitoErrors as E } from './cognito-errors.ts';
import { str, type IdentityCore, type VerifiedAccess } from './identity-core.service.ts';
import { keyedHash } from './secrets.ts';

// The signed-in user's account and sessions: GetUser, GlobalSignOut, RevokeToken, DeleteUser, and
// the revocation check the API's token verifier asks.
export function sessionsFlow(core: IdentityCore) {
  const { repo, deps, codeKey, now, checkClient, accountFromAccessToken, isRevoked, userAttributes } = core;
  async function signOutEverywhere(sub: string) {
    await repo.revokeAllRefreshTokens(sub);
    // Whole seconds: tokens carry iat in seconds, so everything issued in this second or before is
    // out. Not later: a user who signs in again a second on (a suspended user coming back to appeal)
    // gets tokens that work; that new session's refresh token was never revoked.
    await repo.updateAccount(sub, {
      tokensValidAfter: new Date(Math.floor(now().getTime() / 1000) * 1000 + 1000),
    });
    deps.onRevoked?.(sub);
  }

  return {
    async GetUser(body: Record<string, unknown>) {
      const account = await accountFromAccessToken(body.AccessToken);
      return { Username: account.sub, UserAttributes: userAttributes(account) };
    },

    async GlobalSignOut(body: Record<string, unknown>) {
      const account = await accountFromAccessToken(body.AccessToken);
      await signOutEverywhere(account.sub);
      deps.onSessionsEnded?.(account.sub, {});
      return {};
    },

    // Cognito's AdminUserGlobalSignOut for the server itself (a moderator's suspension): every
    // refresh token revoked and every access token issued so far refused. Not on the public API; its
    // caller closes the sockets with its own code (SUSPENDED_CLOSE_CODE).
    async adminUserGlobalSignOut(sub: string) {
      if (await repo.accountBySub(sub)) await signOutEverywhere(sub);
    },

    async RevokeToken(body: Record<string, unknown>) {
      checkClient(body.ClientId);
      const token = str(body.Token);
      if (!token) throw E.invalidParameter('Missing required parameter Token');
      if (token.split('.').length === 3) throw E.unsupportedTokenType();
      const row = await repo.refreshTokenByHash(keyedHash(codeKey, token));
      if (row) {
        await repo.revokeRefreshToken(row.id);
        deps.onRevoked?.(row.sub);
        // That sign-in's access tokens carry the row's id as origin_jti: only its sockets close.
        deps.onSessionsEnded?.(row.sub, { session: row.id });
      }
      return {};
    },

    async DeleteUser(body: Record<string, unknown>) {
      const account = await accountFromAccessToken(body.AccessToken);
      await repo.deleteAccount(account.sub);
      deps.onRevoked?.(account.sub);
      deps.onSessionsEnded?.(account.sub, {});
      deps.logger.info({ sub: account.sub }, 'account deleted');
      return {};
    },

    async isAccessRevoked(claims: VerifiedAccess): Promise<boolean> {
      const account = await repo.accountBySub(claims.sub);
      if (!account) return true;
      return isRevoked(account, claims);
    },

    async profile(sub: string) {
      const account = await repo.accountBySub(sub);
      return account
        ? { email: account.email, name: account.name, emailVerified: account.emailVerified === 1 }
        : null;
    },
  };
}
