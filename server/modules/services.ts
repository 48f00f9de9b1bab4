import type { Deps } from '#server/context/deps.ts';
import { createBadgesService } from './badges/badges.service.ts';
import { createEventsService } from './events/events.service.ts';
import { createEventDraftsService } from './events/event-drafts.service.ts';
import { createGeoService } from './geo/geo.service.ts';
import { createJoinRequestsService } from './join-requests/join-requests.service.ts';
import { createMessagesService } from './messages/messages.service.ts';
import { createMessageChecker } from './moderation/moderation.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { createRatingsService } from './ratings/ratings.service.ts';
import { createSafetyService } from './safety/safety.service.ts';
import { createTokensService } from './tokens/tokens.service.ts';
import { createUploadsService } from './uploads/uploads.service.ts';
import { createPaymentsService } from './payments/payments.service.ts';
import { createRewardsService } from './rewards/rewards.service.ts';
import { createUsersService } from './users/users.service.ts';

// Every domain service, built once from the shared dependencies. GraphQL resolvers and the REST shim
// both call these; nothing is written twice.
export function createServices(deps: Deps) {
  const tokens = createTokensService(deps);
  const notifications = createNotificationsService(deps);
  const badges = createBadgesService(deps, notifications);
  const rewards = createRewardsService(deps, { tokens, notifications });
  const payments = createPaymentsService(deps, { tokens, notifications });
  // A spend that takes the balance under the auto-refill threshold queues a refill.
  tokens.onSpend((tx, afterCommit, userId, balance) => payments.afterSpend(tx, afterCommit, userId, balance));
  const geo = createGeoService(deps.config, deps.logger);
  const checker = createMessageChecker(deps.config);
  const users = createUsersService(deps, { tokens, checker, geo, badges });
  const drafts = createEventDraftsService(deps);
  const events = createEventsService(deps, tokens, notifications, badges, users, drafts);
  const safety = createSafetyService(deps, { users, events });
  const joinRequests = createJoinRequestsService(deps, {
    events,
    users,
    notifications,
    checker,
    safety,
    badges,
  });
  // A block ends the pending requests between the two users, in the block's transaction.
  safety.onBlock((tx, afterCommit, blocker, blocked) =>
    joinRequests.endPendingBetween(tx, afterCommit, blocker, blocked),
  );
  const messages = createMessagesService(deps, { events, notifications, safety });
  const ratings = createRatingsService(deps, { events, safety, badges, checker, rewards });
  const uploads = createUploadsService(deps, { users });
  // A deleted account's upcoming events are cancelled and its requests and places given up, in the
  // deletion's transaction; pictures nobody uses any more leave storage after commit.
  users.onAccountDeleted((tx, afterCommit, user) => events.cancelUpcomingHostedBy(tx, afterCommit, user));
  users.onAccountDeleted((tx, afterCommit, user) => joinRequests.endAllOf(tx, afterCommit, user));
  users.onAccountDeleted((tx, _afterCommit, user) => drafts.removeAllOf(tx, user));
  users.onAvatarDropped((key) => uploads.dropAvatarFiles(key));
  return {
    tokens,
    users,
    events,
    drafts,
    notifications,
    geo,
    joinRequests,
    messages,
    ratings,
    safety,
    badges,
    uploads,
    payments,
    rewards,
  };
}

export type Services = ReturnType<typeof createServices>;
