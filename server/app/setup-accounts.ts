import type { Logger } from '#server/lib/logger.ts';
import type { Services } from '#server/modules/services.ts';
import { channels } from '#server/pubsub/channels.ts';
import type { PubSub } from '#server/pubsub/pubsub.ts';

// Close code for a socket whose user was suspended: the client asks again and is told why.
export const SUSPENDED_CLOSE_CODE = 4423;

// A suspension takes effect at once on every instance (ADR 039): the identity provider revokes the
// user's sessions, then a message on the accounts channel (Redis across instances) makes each
// instance forget its cached viewer and token answers and close the user's sockets. Requests after
// that read the suspension from the database and are refused with its reason.
export async function watchAccounts(options: {
  pubsub: PubSub;
  services: Services;
  logger: Logger;
  revokeSessions: (user: { sub: string; email: string | null }) => Promise<void>;
  forgetTokens: (sub: string) => void;
  closeSockets: (userId: string, code: number, reason: string) => number;
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

  const subscription = await pubsub.subscribe(channels.accounts);
  const loop = (async () => {
    for await (const message of subscription) {
      forget(message.sub);
      if (message.kind === 'suspended') {
        const closed = options.closeSockets(message.userId, SUSPENDED_CLOSE_CODE, 'Account suspended');
        logger.info({ userId: message.userId, closed }, 'suspended user signed out on this instance');
      }
    }
  })();
  options.onClose('accounts watch', async () => {
    await subscription.return();
    await loop;
  });
}
