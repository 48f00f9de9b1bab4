import type { Express } from 'express';
import type { Database } from '#db/client.ts';
import {
  cognitoProfile,
  createCognitoVerifier,
  createEmbeddedVerifier,
  type AccessTokenVerifier,
} from '#server/auth/access-tokens.ts';
import { createAuthenticate, type Authenticate } from '#server/auth/authenticate.ts';
import { cognitoRouter } from '#server/identity/cognito-router.ts';
import { createIdentityService, type IdentityService } from '#server/identity/identity.service.ts';
import { passwordCheckOf } from '#server/identity/identity.reauth.ts';
import { oauthRouter, openIdConfiguration } from '#server/identity/oauth-router.ts';
import { loadKeyStore, type KeyStore } from '#server/identity/signing-keys.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { Config } from '#server/lib/config.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { RateLimiter } from '#server/lib/rate-limit.ts';
import { serverSecret } from '#server/lib/server-secrets.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Services } from '#server/modules/services.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { createCognitoAdmin } from '#server/identity/cognito-admin.ts';

export type IdentitySetup = {
  identity: IdentityService | null;
  keys: KeyStore | null;
  authenticate: Authenticate;
  // Signs a user out everywhere at the identity provider (a suspension, ADR 039).
  revokeSessions(user: { sub: string; email: string | null }): Promise<void>;
  // Drops this instance's cached "not revoked" answers of a user.
  forgetTokens(sub: string): void;
  // Tells `listener` when the built-in provider ended sessions of a user (ADR 067).
  onSessionsEnded(listener: (sub: string, which: { session?: string; except?: string }) => void): void;
};

// Identity: the built-in Cognito-protocol provider unless a real Cognito pool is configured.
export async function setupIdentity(options: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  limiter: RateLimiter;
  services: Services;
}): Promise<IdentitySetup> {
  const { config, services } = options;
  let identity: IdentityService | null = null;
  let keys: KeyStore | null = null;
  let verifier: AccessTokenVerifier;
  let revokeSessions: IdentitySetup['revokeSessions'];
  let forgetTokens: IdentitySetup['forgetTokens'] = () => {};
  let ownerOfRefused: ((token: string) => Promise<Viewer | undefined>) | undefined;
  const sessionListeners: Parameters<IdentitySetup['onSessionsEnded']>[0][] = [];
  if (config.cognito.external) {
    verifier = createCognitoVerifier(config);
    const admin = createCognitoAdmin(config);
    revokeSessions = (user) => admin.globalSignOut(user.email ?? user.sub);
  } else {
    keys = await loadKeyStore(options.db);
    let revocationCheck: (c: {
      sub: string;
      originJti?: string;
      iat?: number;
    }) => Promise<boolean> = async () => false;
    const embeddedVerifier = createEmbeddedVerifier(config, keys, (claims) => revocationCheck(claims));
    verifier = embeddedVerifier;
    identity = createIdentityService(
      {
        db: options.db,
        clock: options.clock,
        logger: options.logger,
        mailer: options.mailer,
        limiter: options.limiter,
        keys,
        hashKey: await serverSecret(options.db, 'idp-hash-key'),
        issuer: config.cognito.issuer,
        clientId: config.cognito.clientId,
        userPoolId: config.cognito.userPoolId,
        accessTokenTtlSeconds: config.cognito.accessTokenValiditySeconds,
        publicUrl: config.publicUrl,
        verifyAccessToken: async (token) => {
          const claims = await embeddedVerifier.verifySignature(token);
          return { sub: claims.sub, originJti: claims.originJti, iat: claims.issuedAt };
        },
        onRevoked: (sub) => {
          embeddedVerifier.forget(sub);
          services.users.forget(sub);
        },
        onSessionsEnded: (sub, which) => {
          for (const listener of sessionListeners) listener(sub, which);
        },
      },
      { preventUserExistenceErrors: config.cognito.preventUserExistenceErrors },
    );
    const idp = identity;
    revocationCheck = (claims) => idp.isAccessRevoked(claims);
    revokeSessions = (user) => idp.adminUserGlobalSignOut(user.sub);
    forgetTokens = (sub) => embeddedVerifier.forget(sub);
    ownerOfRefused = async (token) => {
      const claims = await embeddedVerifier.verifySignature(token);
      return services.users.knownViewer(claims.sub);
    };
    // Deleting asks for the password, checked under the provider's sign-in limits (ADR 054).
    services.users.usePasswordCheck(passwordCheckOf(idp));
    // Deleting a Squad account deletes its sign-in too, so the address can sign up afresh. (With a
    // real Cognito pool the client calls DeleteUser itself.)
    services.users.onAccountDeleted(async (_tx, afterCommit, user) => {
      afterCommit(async () => {
        await idp.repo.deleteAccount(user.sub);
        embeddedVerifier.forget(user.sub);
      });
      return 0;
    });
  }
  const authenticate = createAuthenticate(
    verifier,
    services.users,
    (claims, token) =>
      identity ? identity.profile(claims.sub) : cognitoProfile(config.cognito.endpoint, token),
    ownerOfRefused,
  );
  return {
    identity,
    keys,
    authenticate,
    revokeSessions,
    forgetTokens,
    onSessionsEnded: (listener) => sessionListeners.push(listener),
  };
}

// The built-in provider's endpoints: JWKS, the Cognito JSON API, OAuth2 and OpenID discovery.
export function mountIdentity(
  app: Express,
  options: { setup: IdentitySetup; config: Config; clock: Clock; logger: Logger },
) {
  const { config, logger } = options;
  const { keys, identity } = options.setup;
  if (keys) {
    app.get('/.well-known/jwks.json', async (_req, res, next) => {
      try {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.json(await keys.jwks());
      } catch (err) {
        next(err);
      }
    });
  }
  if (!identity) return;
  const oauthSettings = {
    publicUrl: config.publicUrl,
    issuer: config.cognito.issuer,
    clientId: config.cognito.clientId,
    redirectUris: [
      `${config.publicUrl}/googleAuth`,
      ...(config.isProduction
        ? []
        : ['http://localhost:5173/googleAuth', 'http://127.0.0.1:5173/googleAuth']),
    ],
    google: config.google,
  };
  app.use(
    '/cognito',
    cognitoRouter(identity, logger, {
      cookiePath: `${new URL(config.publicUrl).pathname.replace(/\/$/, '')}/cognito`,
      secureCookies: config.publicUrl.startsWith('https:'),
    }),
  );
  app.use('/oauth2', oauthRouter(identity, oauthSettings, options.clock, logger));
  app.get('/.well-known/openid-configuration', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(openIdConfiguration(oauthSettings));
  });
}
