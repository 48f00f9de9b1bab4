import type { Deps } from '#server/context/deps.ts';
import { createEventsService } from './events/events.service.ts';
import { createGeoService } from './geo/geo.service.ts';
import { createJoinRequestsService } from './join-requests/join-requests.service.ts';
import { createMessagesService } from './messages/messages.service.ts';
import { createMessageChecker } from './moderation/moderation.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { createRatingsService } from './ratings/ratings.service.ts';
import { createSafetyService } from './safety/safety.service.ts';
import { createTokensService } from './tokens/tokens.service.ts';
import { createUsersService } from './users/users.service.ts';

// Every domain service, built once from the shared dependencies. GraphQL resolvers and the REST shim
// both call these; nothing is written twice.
export function createServices(deps: Deps) {
  const tokens = createTokensService(deps);
  const users = createUsersService(deps, tokens);
  const notifications = createNotificationsService(deps);
  const events = createEventsService(deps, tokens, notifications);
  const geo = createGeoService(deps.config, deps.logger);
  const checker = createMessageChecker(deps.config);
  const safety = createSafetyService(deps, { users, events });
  const joinRequests = createJoinRequestsService(deps, { events, users, notifications, checker, safety });
  // A block ends the pending requests between the two users, in the block's transaction.
  safety.onBlock((tx, afterCommit, blocker, blocked) =>
    joinRequests.endPendingBetween(tx, afterCommit, blocker, blocked),
  );
  const messages = createMessagesService(deps, { events, notifications, safety });
  const ratings = createRatingsService(deps, { events, safety });
  return { tokens, users, events, notifications, geo, joinRequests, messages, ratings, safety };
}

export type Services = ReturnType<typeof createServices>;
