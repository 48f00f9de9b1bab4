import type { Deps } from '#server/context/deps.ts';
import { createBadgesService } from './badges/badges.service.ts';
import { createEventsService } from './events/events.service.ts';
import { createEventDraftsService } from './events/event-drafts.service.ts';
import { createGeoService } from './geo/geo.service.ts';
import { createJoinRequestsService } from './join-requests/join-requests.service.ts';
import { createAdmissionService } from './join-requests/join-requests-admission.service.ts';
import { createJoinRequestEndings } from './join-requests/join-requests-endings.service.ts';
import { createWaitlistService } from './join-requests/join-requests-waitlist.service.ts';
import { createPushService } from './push/push.service.ts';
import { createRemindersService } from './reminders/reminders.service.ts';
import { createCalendarService } from './calendar/calendar.service.ts';
import { createMessagesService } from './messages/messages.service.ts';
import { createMessageGroupsService } from './messages/messages-groups.service.ts';
import { createMessageDigestService } from './messages/messages-digest.service.ts';
import { createFriendsService } from './friends/friends.service.ts';
import { createMessageChecker } from './moderation/moderation.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { createRatingsService } from './ratings/ratings.service.ts';
import { createSafetyService } from './safety/safety.service.ts';
import { createSafetyContactsService } from './safety/safety-contacts.service.ts';
import { createSafetyPlansService } from './safety/safety-plans.service.ts';
import { createSafetyCheckService } from './safety/safety-check.service.ts';
import { createTokensService } from './tokens/tokens.service.ts';
import { createUploadsService } from './uploads/uploads.service.ts';
import { createPaymentsService } from './payments/payments.service.ts';
import { createRewardsService } from './rewards/rewards.service.ts';
import { createUsersService } from './users/users.service.ts';
import { createTrustGate } from './trust/trust-gate.service.ts';
import { createTrustService } from './trust/trust.service.ts';
import { createTrustSafeguards } from './trust/trust-safeguards.service.ts';
import { createTrustAppealsService } from './trust/trust-appeals.service.ts';

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
  // Every user text goes through the gate; the console acts on what it and reporters flag (ADR 039).
  const gate = createTrustGate(deps, checker);
  const trust = createTrustService(deps, { notifications });
  const safeguards = createTrustSafeguards(deps);
  const appeals = createTrustAppealsService(deps, { trust, gate, notifications });
  const users = createUsersService(deps, { tokens, gate, geo, badges });
  const drafts = createEventDraftsService(deps);
  const events = createEventsService(deps, tokens, notifications, badges, users, drafts, gate);
  const safety = createSafetyService(deps, { users, events, gate, safeguards });
  const friends = createFriendsService(deps, { users, safety, notifications });
  const push = createPushService(deps);
  // Who takes a place, who waits, who is offered one (ADR 045).
  const admission = createAdmissionService(deps, { events, users, notifications, badges, push });
  const joinRequests = createJoinRequestsService(deps, {
    events,
    users,
    notifications,
    gate,
    safety,
    safeguards,
    friends,
    admission,
  });
  const waitlist = createWaitlistService(deps, { events, notifications, admission, rewards });
  const endings = createJoinRequestEndings(deps, { events, notifications, admission });
  // A capacity raised by the host offers the new places to the waitlist.
  events.onCapacityRaised((tx, afterCommit, event) => admission.offerNext(tx, afterCommit, event));
  const reminders = createRemindersService(deps, { events, users, notifications, push });
  // The safety kit (issue 30, ADR 068): trusted contacts, shared plans, the 'Evdeyim' check.
  const safetyContacts = createSafetyContactsService(deps, { users });
  const safetyPlans = createSafetyPlansService(deps, { users, events });
  const safetyCheck = createSafetyCheckService(deps, {
    plans: safetyPlans,
    users,
    events,
    notifications,
    push,
  });
  const calendar = createCalendarService(deps);
  // A block ends the pending requests between the two users, in the block's transaction.
  safety.onBlock((tx, afterCommit, blocker, blocked) =>
    endings.endPendingBetween(tx, afterCommit, blocker, blocked),
  );
  const messages = createMessagesService(deps, { events, notifications, safety, gate, friends });
  const groups = createMessageGroupsService(deps, { messages, events });
  const digests = createMessageDigestService(deps, { users, events });
  // Accepted participants are in the event's group chat; leaving the event leaves it (ADR 042).
  joinRequests.onJoined((tx, afterCommit, event, userId) => groups.joinGroup(tx, afterCommit, event, userId));
  joinRequests.onLeft((tx, afterCommit, event, userId) =>
    groups.leaveGroup(tx, afterCommit, event.id, userId),
  );
  // A block ends the friendship or request between the two as well.
  safety.onBlock((tx, _afterCommit, blocker, blocked) => friends.endBetween(tx, blocker, blocked));
  const ratings = createRatingsService(deps, { events, safety, badges, gate, rewards });
  const uploads = createUploadsService(deps, { users });
  // A deleted account's upcoming events are cancelled and its requests and places given up, in the
  // deletion's transaction; pictures nobody uses any more leave storage after commit.
  users.onAccountDeleted((tx, afterCommit, user) => events.cancelUpcomingHostedBy(tx, afterCommit, user));
  users.onAccountDeleted((tx, afterCommit, user) => endings.endAllOf(tx, afterCommit, user));
  users.onAccountDeleted((tx, _afterCommit, user) => drafts.removeAllOf(tx, user));
  // The safety kit's contacts, plans and shared positions leave with the account (ADR 068).
  users.onAccountDeleted((tx, _afterCommit, user) => safetyContacts.eraseAllOf(tx, user.id));
  users.onAvatarDropped((key) => uploads.dropAvatarFiles(key));
  // After a deletion's commit: raw uploads leave storage, the saved method its provider (ADR 054).
  users.onErased(async ({ storageKeys, paymentMethod }) => {
    await uploads.dropObjects(storageKeys).catch((err) => deps.logger.warn({ err }, 'upload erasure failed'));
    if (paymentMethod) await payments.detachSavedMethod(paymentMethod);
  });
  // What "remove" means for each kind of flagged content, and a moderator's event cancellation.
  for (const kind of ['bio', 'display_name', 'username', 'avatar'] as const)
    trust.onRemove(kind, (tx, afterCommit, t) => users.removeField(tx, afterCommit, t.authorId, kind));
  trust.onRemove('event_title', (tx, afterCommit, t) =>
    events.cancelForModeration(tx, afterCommit, t.subjectId ?? t.eventId, null, t.reason),
  );
  trust.onRemove('event_description', (tx, afterCommit, t) =>
    events.cancelForModeration(tx, afterCommit, t.subjectId ?? t.eventId, null, t.reason),
  );
  trust.onRemove('join_message', (tx, _afterCommit, t) => joinRequests.removeMessage(tx, t.subjectId));
  trust.onRemove('rating_feedback', (tx, _afterCommit, t) => ratings.removeFeedback(tx, t.subjectId));
  for (const kind of ['chat_message', 'direct_message'] as const) {
    trust.onRemove(kind, (tx, afterCommit, t) => groups.removeForModeration(tx, afterCommit, t.subjectId));
    trust.onKeep(kind, (tx, afterCommit, t) => groups.keepForModeration(tx, afterCommit, t.subjectId));
  }
  trust.onCancelEvent((tx, afterCommit, eventId, moderatorId, reason) =>
    events.cancelForModeration(tx, afterCommit, eventId, moderatorId, reason),
  );
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
    gate,
    trust,
    appeals,
    friends,
    groups,
    digests,
    push,
    waitlist,
    reminders,
    calendar,
    safetyContacts,
    safetyPlans,
    safetyCheck,
  };
}

export type Services = ReturnType<typeof createServices>;
