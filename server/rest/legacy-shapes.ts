import type { EventRow, JoinRequestRow, UserRow } from '#db/schema/index.ts';
import type { Locale } from '#server/lib/i18n.ts';
import { reasonText } from '#server/modules/moderation/moderation.ts';
import type { Services } from '#server/modules/services.ts';
import type { Loaders } from '#server/context/loaders.ts';
import type { Viewer } from '#server/context/viewer.ts';
import {
  durationLabel,
  eventLocation,
  eventStatus,
  localDateTime,
  minutesUntil,
  timeLeftText,
  type EventModel,
  type ViewerRole,
} from '#server/modules/events/events.mappers.ts';

// The shapes the spec's REST clients read (`_id`, `eventLimit`, `public_location`, ...). Built from the
// same rows and loaders as the GraphQL types.

async function legacyUserSummary(user: UserRow, loaders: Loaders) {
  const stats = await loaders.userStats.load(user.id);
  return {
    id: user.id,
    _id: user.id,
    name: user.displayName,
    username: user.username,
    avatar: user.avatarUrl,
    rating: stats.averageRating,
    eventsHosted: stats.eventsHosted,
    eventsAttended: stats.eventsJoined,
  };
}

async function legacyJoinRequest(request: JoinRequestRow, loaders: Loaders, locale: Locale) {
  const user = await loaders.user.load(request.userId);
  const [stats, badges] = await Promise.all([
    loaders.userStats.load(request.userId),
    loaders.userBadges.load(request.userId),
  ]);
  return {
    id: request.id,
    _id: request.id,
    status: request.status,
    message: request.message,
    timestamp: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    name: user?.displayName ?? null,
    avatar: user?.avatarUrl ?? null,
    user: user && {
      id: user.id,
      _id: user.id,
      name: user.displayName,
      username: user.username,
      avatar: user.avatarUrl,
      rating: stats.averageRating,
      eventsAttended: stats.eventsJoined,
      gamesPlayed: stats.eventsJoined,
      badges: badges.map((b) => ({ id: b.id, name: b.name, icon: b.icon })),
    },
    check: {
      verdict: request.checkVerdict,
      reasons: request.checkReasons.map((code) => reasonText(code, locale)),
      engine: request.checkEngine,
    },
  };
}

export type LegacyContext = {
  viewer: Viewer;
  loaders: Loaders;
  services: Services;
  now: Date;
  locale: Locale;
};

export async function legacyEvent(event: EventModel, c: LegacyContext) {
  const { viewer, loaders, now } = c;
  const isHost = event.hostId === viewer.id;
  // Everything that does not depend on another answer is asked at once: with the loaders batching
  // across a page of events, a page costs three waves of queries instead of one per await.
  const [relation, host, participants, rating, mine] = await Promise.all([
    isHost ? undefined : loaders.viewerRelation.load(event.id),
    loaders.user.load(event.hostId),
    loaders.participants.load(event.id),
    loaders.eventRating.load(event.id),
    isHost ? undefined : loaders.viewerJoinRequest.load(event.id),
  ]);
  // The same rule and loader as GraphQL's Event.viewerRole.
  const role: ViewerRole = c.services.events.roleOf(viewer, event, relation);
  const [hostSummary, list, joinRequests, pendingRequests] = await Promise.all([
    host ? legacyUserSummary(host, loaders) : null,
    Promise.all(
      participants.map(async (p) => {
        const user = await loaders.user.load(p.userId);
        return user ? legacyUserSummary(user, loaders) : null;
      }),
    ).then((summaries) => summaries.filter((u) => u !== null)),
    // The host sees every request with the automatic check's verdict; others see none.
    role === 'host'
      ? c.services.joinRequests
          .forEvent(viewer, event)
          .then((requests) =>
            Promise.all((requests ?? []).map((r) => legacyJoinRequest(r, loaders, c.locale))),
          )
      : [],
    role === 'host' ? loaders.pendingRequestCount.load(event.id) : null,
  ]);
  const location = eventLocation(event, role);
  const { date, time } = localDateTime(event);
  return {
    _id: event.id,
    id: event.id,
    title: event.title,
    description: event.description,
    type: event.mode,
    eventType: role === 'host' ? 'host' : 'participant',
    viewerRole: role,
    status: eventStatus(event, now),
    category: event.category,
    tags: event.tags,
    date,
    time,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    duration: durationLabel(event.durationMinutes),
    durationMinutes: event.durationMinutes,
    host: hostSummary,
    participants: { list, current: event.participantCount, max: event.maxParticipants },
    currentParticipants: event.participantCount,
    maxParticipants: event.maxParticipants,
    freeSlots: Math.max(0, event.maxParticipants - event.participantCount),
    location: location && {
      lat: location.lat,
      lng: location.lng,
      name: location.name ?? event.publicLocation,
      address: location.address,
      exact: location.exact,
    },
    coordinates: location ? [location.lng, location.lat] : null,
    public_location: event.publicLocation,
    platform: event.platform,
    timeLeft: timeLeftText(event, now, c.locale),
    rating: rating.average,
    feedback: rating.count,
    startsInMinutes: minutesUntil(event.startsAt, now),
    distance:
      event.distanceKm === undefined || event.distanceKm === null
        ? null
        : Math.round(event.distanceKm * 100) / 100,
    price: event.price,
    requirements: event.requirements,
    skillLevel: event.skillLevel,
    voiceRequired: event.voiceChat === 'required',
    voiceChat: event.voiceChat,
    joinRequests,
    pendingRequests,
    myRequest: mine
      ? {
          id: mine.id,
          _id: mine.id,
          status: mine.status,
          message: mine.message,
          timestamp: mine.createdAt.toISOString(),
        }
      : null,
    isDemo: event.isDemo,
    createdAt: event.createdAt.toISOString(),
  };
}

export async function legacyProfile(
  user: UserRow,
  loaders: Loaders,
  activity: { event: EventRow; type: 'hosted' | 'joined' }[],
) {
  const [stats, badges] = await Promise.all([
    loaders.userStats.load(user.id),
    loaders.userBadges.load(user.id),
  ]);
  const exact = user.exactLocation;
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    displayName: user.displayName,
    username: user.username,
    bio: user.bio,
    profilePicture: user.avatarUrl,
    fullName: user.fullName,
    location: [user.district, user.city].filter(Boolean).join(', ') || null,
    city: user.city,
    district: user.district,
    coordinates: user.homeLat !== null && user.homeLng !== null ? [user.homeLng, user.homeLat] : null,
    exactLocation: exact ? { lng: exact.lng, lat: exact.lat, address: exact.address } : null,
    lastUsedIpLocation: user.lastIpLocation,
    createdAt: user.createdAt.toISOString(),
    eventLimit: user.tokenBalance,
    interests: user.interests,
    stats,
    recentActivity: activity.slice(0, 3).map(({ event, type }) => ({
      id: event.id,
      type,
      title: event.title,
      participants: event.participantCount,
      date: event.startsAt.toISOString(),
    })),
    events: activity.map(({ event }) => ({
      _id: event.id,
      id: event.id,
      title: event.title,
      participants: event.participantCount,
      date: event.startsAt.toISOString(),
    })),
    badges: badges.map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      icon: b.icon,
      earned: b.earnedAt.toISOString(),
    })),
  };
}
