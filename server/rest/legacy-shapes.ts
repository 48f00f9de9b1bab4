import { durationLabel, legacy } from '#server/modules/events/events.catalog.ts';
import type {
  LegacyEventFragment,
  LegacyProfileQuery,
  LegacyUserFragment,
} from './__generated__/operations.ts';

// The shapes the spec's REST clients read (`_id`, `eventLimit`, `public_location`, Turkish category
// names, …), renamed from GraphQL results (legacy-documents.ts). Nothing is computed here: values
// come from the resolvers; only names, enum spellings and catalogue ids change.

const lower = <T extends string>(value: T) => value.toLowerCase() as Lowercase<T>;

function legacyUser(user: LegacyUserFragment) {
  return {
    id: user.id,
    _id: user.id,
    name: user.displayName,
    username: user.username,
    avatar: user.avatarUrl,
    rating: user.stats.averageRating,
    // The spec's lobby shows the host's rank (ADR 038).
    rank: lower(user.stats.hostRank),
    eventsHosted: user.stats.eventsHosted,
    eventsAttended: user.stats.eventsJoined,
  };
}

type LegacyRequest = NonNullable<LegacyEventFragment['joinRequests']>[number];

function legacyJoinRequest(request: LegacyRequest) {
  const { user } = request;
  return {
    id: request.id,
    _id: request.id,
    status: lower(request.status),
    message: request.message,
    timestamp: request.createdAt,
    decidedAt: request.decidedAt,
    name: user.displayName,
    avatar: user.avatarUrl,
    user: {
      ...legacyUser(user),
      gamesPlayed: user.stats.eventsJoined,
      badges: user.badges.map((b) => ({ id: b.id, name: b.name, icon: b.icon })),
    },
    check: {
      verdict: lower(request.check.verdict),
      reasons: request.check.reasons,
      engine: request.check.engine,
    },
  };
}

export function legacyEvent(event: LegacyEventFragment) {
  const { location, viewerJoinRequest: mine } = event;
  const isHost = event.viewerRole === 'HOST';
  return {
    _id: event.id,
    id: event.id,
    title: event.title,
    description: event.description,
    type: lower(event.mode),
    // The spec's eventType is relative to the caller: host or participant; outsiders (a stranger, a
    // requester still waiting) are neither (issue 27).
    eventType: isHost ? 'host' : event.viewerRole === 'PARTICIPANT' ? 'participant' : null,
    viewerRole: lower(event.viewerRole),
    status: lower(event.status),
    category: legacy.category(event.category.id),
    tags: event.tags.map((t) => legacy.tag(t.id)),
    date: event.date,
    time: event.time,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    duration: durationLabel(event.durationMinutes, 'tr'),
    durationMinutes: event.durationMinutes,
    host: legacyUser(event.host),
    participants: {
      list: event.participants.map((p) => legacyUser(p.user)),
      current: event.participantCount,
      max: event.maxParticipants,
    },
    currentParticipants: event.participantCount,
    maxParticipants: event.maxParticipants,
    freeSlots: event.freeSlots,
    location: location && {
      lat: location.lat,
      lng: location.lng,
      name: location.name ?? event.publicLocation,
      address: location.address,
      exact: location.exact,
    },
    coordinates: location ? [location.lng, location.lat] : null,
    public_location: event.publicLocation,
    platform: legacy.platform(event.platform?.id ?? null),
    timeLeft: event.timeLeft,
    rating: event.averageRating,
    feedback: event.feedbackCount,
    startsInMinutes: event.startsInMinutes,
    distance: event.distanceKm,
    price: event.price,
    requirements: event.requirements,
    skillLevel: event.skillLevel && lower(event.skillLevel),
    voiceRequired: event.voiceChat === 'REQUIRED',
    voiceChat: event.voiceChat && lower(event.voiceChat),
    // Added by issue 30 (ADR 069): a new key, so legacy readers are unaffected.
    venueType: event.venueType && lower(event.venueType),
    // The host sees every request with the automatic check's verdict; others see none.
    joinRequests: (event.joinRequests ?? []).map(legacyJoinRequest),
    pendingRequests: event.pendingRequestCount,
    myRequest:
      mine && !isHost
        ? {
            id: mine.id,
            _id: mine.id,
            status: lower(mine.status),
            message: mine.message,
            timestamp: mine.createdAt,
          }
        : null,
    createdAt: event.createdAt,
  };
}

export function legacyProfile(me: LegacyProfileQuery['me']) {
  const activity = me.activity ?? [];
  const exact = me.exactLocation;
  return {
    id: me.id,
    _id: me.id,
    email: me.email,
    displayName: me.displayName,
    username: me.username,
    bio: me.bio,
    profilePicture: me.avatarUrl,
    fullName: me.fullName,
    location: [me.district, me.city].filter(Boolean).join(', ') || null,
    city: me.city,
    district: me.district,
    coordinates: me.homePoint ? [me.homePoint.lng, me.homePoint.lat] : null,
    exactLocation: exact ? { lng: exact.lng, lat: exact.lat, address: exact.address } : null,
    lastUsedIpLocation: me.lastUsedIpLocation,
    createdAt: me.createdAt,
    eventLimit: me.tokenBalance,
    // The spec's legacy strings: the tags' Turkish labels.
    interests: me.interests.map((i) => legacy.tag(i.id)),
    stats: {
      eventsHosted: me.stats.eventsHosted,
      eventsJoined: me.stats.eventsJoined,
      totalParticipants: me.stats.totalParticipants,
      averageRating: me.stats.averageRating,
    },
    recentActivity: activity.slice(0, 3).map(({ event, type }) => ({
      id: event.id,
      type: lower(type),
      title: event.title,
      participants: event.participantCount,
      date: event.startsAt,
    })),
    events: activity.map(({ event }) => ({
      _id: event.id,
      id: event.id,
      title: event.title,
      participants: event.participantCount,
      date: event.startsAt,
    })),
    badges: me.badges.map((b) => ({
      id: b.id,
      name: b.name,
      description: b.description,
      icon: b.icon,
      earned: b.earnedAt,
    })),
  };
}
