import type { Resolvers } from '#server/__generated__/resolvers-types.ts';
import { DateScalar, DateTimeScalar, TimeScalar } from '#server/scalars/scalars.ts';
import { eventsResolvers } from './events/events.resolvers.ts';
import { eventDraftsResolvers } from './events/event-drafts.resolvers.ts';
import { geoResolvers } from './geo/geo.resolvers.ts';
import { tokensResolvers } from './tokens/tokens.resolvers.ts';
import { usersResolvers } from './users/users.resolvers.ts';
import { enumValues } from './enum-values.ts';
import { joinRequestsResolvers } from './join-requests/join-requests.resolvers.ts';
import { messagesResolvers } from './messages/messages.resolvers.ts';
import { notificationsResolvers } from './notifications/notifications.resolvers.ts';
import { ratingsResolvers } from './ratings/ratings.resolvers.ts';
import { safetyResolvers } from './safety/safety.resolvers.ts';
import { safetyKitResolvers } from './safety/safety-kit.resolvers.ts';
import { badgesResolvers } from './badges/badges.resolvers.ts';
import { uploadsResolvers } from './uploads/uploads.resolvers.ts';
import { paymentsResolvers } from './payments/payments.resolvers.ts';
import { rewardsResolvers } from './rewards/rewards.resolvers.ts';
import { trustResolvers } from './trust/trust.resolvers.ts';
import { friendsResolvers } from './friends/friends.resolvers.ts';
import { joinRequestsLifecycleResolvers } from './join-requests/join-requests-lifecycle.resolvers.ts';
import { eventsLifecycleResolvers } from './events/events-lifecycle.resolvers.ts';
import { pushResolvers } from './push/push.resolvers.ts';
import { calendarResolvers } from './calendar/calendar.resolvers.ts';

// Resolver maps of every module; a type's fields may come from several modules.
export function allResolvers(): Resolvers[] {
  return [
    { DateTime: DateTimeScalar, Date: DateScalar, Time: TimeScalar },
    enumValues,
    usersResolvers,
    tokensResolvers,
    eventsResolvers,
    eventDraftsResolvers,
    joinRequestsResolvers,
    messagesResolvers,
    notificationsResolvers,
    geoResolvers,
    ratingsResolvers,
    safetyResolvers,
    safetyKitResolvers,
    badgesResolvers,
    uploadsResolvers,
    paymentsResolvers,
    rewardsResolvers,
    trustResolvers,
    friendsResolvers,
    joinRequestsLifecycleResolvers,
    eventsLifecycleResolvers,
    pushResolvers,
    calendarResolvers,
  ];
}
