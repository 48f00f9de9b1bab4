import type { Logger } from '#server/lib/logger.ts';
import type { Services } from '#server/modules/services.ts';
import { channels } from '#server/pubsub/channels.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';

// Close code for a socket whose user was suspended: the client asks again and is told why.
export const SUSPENDED_CLOSE_CODE = 4423;
// Close code for a socket whose session ended: its token expired, or the session was signed out,
// revoked, outdated by a new password or its account deleted (ADR 067). The client refreshes; a
// session that is gone cannot, and ends.
export const SESSION_ENDED_CLOSE_CODE = 4401;

// Which sessions of a user ended: `session` only that sign-in (its refresh token's id, the origin_jti
// of its access tokens), `except` every one but that, neither every one.
type EndedSessions = { session?: string; except?: string };

// A suspension takes effect at once on every instance (ADR 039): the identity provider revokes the
// user's sessions, then a message on the accounts channel (Redis across instances) makes each
// instance forget its cached viewer and token answers and close the user's sockets. Requests after
// that read the suspension from the database and are refused with its reason. Sessions that end
// otherwise (ADR 067: GlobalSignOut, RevokeToken, ChangePassword, ConfirmForgotPassword, DeleteUser,
// the deletion of a Squad account) go the same way, their sockets closed as for an expired token.
export async function watchAccounts(options: {
  pubsub: PubSub;
  services: Services;
  logger: Logger;
  revokeSessions: (user: { sub: string; email: string | null }) => Promise<void>;
  forgetTokens: (sub: string) => void;
  // Where the identity provider says sessions ended (only the built-in one can).
  onSessionsEnded: (listener: (sub: string, which: EndedSessions) => void) => void;
  closeSockets: (
    sub: string,
    code: number,
    reason: string,
    which?: { session?: string | null; except?: string | null },
  ) => number;
  onClose: (name: string, fn: () => Promise<void> | void) => void;
}): Promise<void> {
  const { pubsub, services, logger } = options;
  // This instance forgets at once (the acting request may be followed straight away by the user's);
  // the others when the message arrives.
  const forget = (sub: string) => {
    services.users.forget(sub);
    options.forgetTokens(sub);
  };
  services.trust.onSuspended(async (user) => {
    forget(user.sub);
    try {
      await options.revokeSessions(user);
    } catch (err) {
      // The suspension itself holds (every request reads it); only the refresh tokens live on.
      logger.error({ err, userId: user.id }, 'revoking the sessions of a suspended user failed');
    }
    await pubsub.publish(channels.accounts, { userId: user.id, sub: user.sub, kind: 'suspended' });
  });
  services.trust.onRestored(async (user) => {
    forget(user.sub);
    await pubsub.publish(channels.accounts, { userId: user.id, sub: user.sub, kind: 'restored' });
  });
  const sessionsEnded = (sub: string, which: EndedSessions) => {
    forget(sub);
    const message = { sub, session: which.session ?? null, except: which.except ?? null };
    pubsub.publish(channels.accounts, { kind: 'sessionsEnded', ...message }).catch((err: unknown) => {
      // The sessions are refused all the same (every instance rechecks within REVOCATION_CACHE_MS);
      // only sockets elsewhere stay open until their token expires.
      logger.error({ err, sub }, 'announcing ended sessions failed');
    });
  };
  options.onSessionsEnded(sessionsEnded);
  // A deleted Squad account's sockets close too, whichever provider signed it in.
  services.users.onAccountDeleted(async (_tx, afterCommit, user) => {
    afterCommit(async () => sessionsEnded(user.sub, {}));
    return 0;
  });

  const subscription = await pubsub.subscribe(channels.accounts);
  const loop = (async () => {
    for await (const message of subscription) {
      forget(message.sub);
      if (message.kind === 'suspended') {
        const closed = options.closeSockets(message.sub, SUSPENDED_CLOSE_CODE, 'Account suspended');
        logger.info({ userId: message.userId, closed }, 'suspended user signed out on this instance');
      } else if (message.kind === 'sessionsEnded') {
        const closed = options.closeSockets(message.sub, SESSION_ENDED_CLOSE_CODE, 'Unauthorized', message);
        logger.info({ sub: message.sub, closed }, 'ended sessions closed on this instance');
      }
    }
  })();
  options.onClose('accounts watch', async () => {
    await subscription.return();
    await loop;
  });
}
