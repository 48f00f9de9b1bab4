import DataLoader from 'dataloader';
import type {
  ConversationMemberRow,
  ConversationRow,
  EventRow,
  EventSeriesRow,
  JoinRequestRow,
  MessageRow,
  ModerationAppealRow,
  ParticipantRow,
  RatingRow,
  UserRow,
} from '#db/schema/index.ts';
import type { Services } from '#server/modules/services.ts';
import type { BadgeModel, RatingSummaryModel, UserStatsModel } from '#server/modules/users/users.mappers.ts';
import type { FriendshipStatus } from '#server/modules/friends/friends.service.ts';
import type { Viewer } from './viewer.ts';

export type ViewerStanding = {
  relation: 'participant' | 'requester' | undefined;
  latest: JoinRequestRow | undefined;
};
const NO_STANDING: ViewerStanding = { relation: undefined, latest: undefined };

const byId = <T extends { id: string }>(ids: readonly string[], rows: T[]) => {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
};

// Per-request batching: one query per kind of thing, however many fields ask (no N+1).
export function createLoaders(services: Services, viewer: Viewer | null, options: { cache?: boolean } = {}) {
  const o = { cache: options.cache ?? true };
  const userStats = new DataLoader<string, UserStatsModel>(async (ids) => {
    const stats = await services.users.statsFor(ids);
    return ids.map((id) => stats.get(id)!);
  }, o);
  return {
    // Users come with their numbers (cards show the host's rating and rank): one statement for both.
    user: new DataLoader<string, UserRow | null>(async (ids) => {
      const found = await services.users.withStats(ids);
      for (const { row, stats } of found) userStats.prime(row.id, stats);
      return byId(
        ids,
        found.map((f) => f.row),
      );
    }, o),
    userStats,
    userBadges: new DataLoader<string, BadgeModel[]>(async (ids) => {
      const badges = await services.badges.badgesFor(ids);
      return ids.map((id) => badges.get(id) ?? []);
    }, o),
    ratingSummary: new DataLoader<string, { host: RatingSummaryModel; participant: RatingSummaryModel }>(
      async (ids) => {
        const summaries = await services.users.ratingSummaries(ids);
        return ids.map((id) => summaries.get(id)!);
      },
      o,
    ),
    event: new DataLoader<string, EventRow | null>(
      async (ids) => byId(ids, await services.events.byIds(ids)),
      o,
    ),
    // Where the viewer stands with events it does not host: its relation (participant, pending
    // requester) and its latest request, one statement for both.
    viewerStanding: new DataLoader<string, ViewerStanding>(async (ids) => {
      if (!viewer) return ids.map(() => NO_STANDING);
      const standing = await services.joinRequests.standingOf(viewer, ids);
      return ids.map((id) => {
        const s = standing.get(id);
        if (!s) return NO_STANDING;
        const relation = s.participant
          ? 'participant'
          : s.latest && ['pending', 'waitlisted', 'offered'].includes(s.latest.status)
            ? 'requester'
            : undefined;
        return { relation, latest: s.latest };
      });
    }, o),
    eventRating: new DataLoader<string, { average: number | null; count: number }>(async (ids) => {
      const ratings = await services.events.ratingsOf(ids);
      return ids.map((id) => ratings.get(id)!);
    }, o),
    // The viewer's own ratings on each event (of the host, or as the host of participants).
    viewerRatings: new DataLoader<string, RatingRow[]>(async (ids) => {
      if (!viewer) return ids.map(() => []);
      const mine = await services.ratings.viewerRatingsOf(viewer, ids);
      return ids.map((id) => mine.get(id) ?? []);
    }, o),
    saveCount: new DataLoader<string, number>(async (ids) => {
      const counts = await services.events.saveCounts(ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }, o),
    viewerSaved: new DataLoader<string, boolean>(async (ids) => {
      if (!viewer) return ids.map(() => false);
      const saved = await services.events.savedBy(viewer, ids);
      return ids.map((id) => saved.has(id));
    }, o),
    joinRequest: new DataLoader<string, JoinRequestRow | null>(
      async (ids) => byId(ids, await services.joinRequests.byIds(ids)),
      o,
    ),
    pendingRequestCount: new DataLoader<string, number>(async (ids) => {
      const counts = await services.joinRequests.pendingCounts(ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }, o),
    // Whether the viewer blocked each user (User.viewerHasBlocked).
    viewerBlocked: new DataLoader<string, boolean>(async (ids) => {
      if (!viewer) return ids.map(() => false);
      const blocked = await services.safety.blockedAmong(viewer, ids);
      return ids.map((id) => blocked.has(id));
    }, o),
    // Moderation: reports against each user, and the appeal of each action.
    reportCount: new DataLoader<string, number>(async (ids) => {
      const counts = await services.trust.reportCounts(ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }, o),
    actionAppeal: new DataLoader<string, ModerationAppealRow | null>(async (ids) => {
      const appeals = await services.appeals.appealsOf(ids);
      const byAction = new Map(appeals.map((a) => [a.actionId, a]));
      return ids.map((id) => byAction.get(id) ?? null);
    }, o),
    // Conversations (ADR 042): rows, members, and what the viewer sees of them.
    conversation: new DataLoader<string, ConversationRow | null>(
      async (ids) => byId(ids, await services.messages.byIds(ids)),
      o,
    ),
    conversationMembers: new DataLoader<string, ConversationMemberRow[]>(async (ids) => {
      const rows = await services.messages.membersOf(ids);
      return ids.map((id) => rows.filter((r) => r.conversationId === id));
    }, o),
    lastMessage: new DataLoader<string, MessageRow | null>(async (ids) => {
      if (!viewer) return ids.map(() => null);
      const rows = await services.messages.lastMessages(viewer, ids);
      return ids.map((id) => rows.find((r) => r.conversationId === id) ?? null);
    }, o),
    unreadCount: new DataLoader<string, number>(async (ids) => {
      if (!viewer) return ids.map(() => 0);
      const counts = await services.messages.unreadCounts(viewer, ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }, o),
    revealed: new DataLoader<string, boolean>(async (ids) => {
      if (!viewer) return ids.map(() => false);
      const revealed = await services.messages.revealedTo(viewer, ids);
      return ids.map((id) => revealed.has(id));
    }, o),
    groupConversation: new DataLoader<string, ConversationRow | null>(async (ids) => {
      if (!viewer) return ids.map(() => null);
      const rows = await services.messages.groupsOf(viewer, ids);
      return ids.map((id) => rows.find((r) => r.eventId === id) ?? null);
    }, o),
    // Friends (ADR 042): the viewer's relation to users, counts, and friends at events.
    friendship: new DataLoader<string, FriendshipStatus>(async (ids) => {
      if (!viewer) return ids.map(() => 'none' as const);
      const statuses = await services.friends.statuses(viewer, ids);
      return ids.map((id) => statuses.get(id) ?? 'none');
    }, o),
    mutualFriendCount: new DataLoader<string, number>(async (ids) => {
      if (!viewer) return ids.map(() => 0);
      const counts = await services.friends.mutualCounts(viewer, ids);
      return ids.map((id) => (id === viewer.id ? 0 : (counts.get(id) ?? 0)));
    }, o),
    friendCount: new DataLoader<string, number>(async (ids) => {
      const counts = await services.friends.friendCounts(ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }, o),
    friendsGoing: new DataLoader<string, string[]>(async (ids) => {
      if (!viewer) return ids.map(() => []);
      const rows = await services.friends.friendsGoing(viewer, ids);
      return ids.map((id) => rows.filter((r) => r.eventId === id).map((r) => r.userId));
    }, o),
    // Hosts with priority listing (ADR 038), for events not read through a list page (which knows).
    hostFeatured: new DataLoader<string, boolean>(async (ids) => {
      const featured = await services.events.featuredHosts(ids);
      return ids.map((id) => featured.has(id));
    }, o),
    series: new DataLoader<string, EventSeriesRow | null>(
      async (ids) => byId(ids, await services.events.seriesByIds(ids)),
      o,
    ),
    // The lifecycle (ADR 045, 049): places in the waitlist, attendance records.
    waitlistPosition: new DataLoader<string, number | null>(async (ids) => {
      const positions = await services.waitlist.positions(ids);
      return ids.map((id) => positions.get(id) ?? null);
    }, o),
    reliability: new DataLoader<string, { attended: number; recorded: number }>(async (ids) => {
      const map = await services.waitlist.reliability(ids);
      return ids.map((id) => map.get(id) ?? { attended: 0, recorded: 0 });
    }, o),
    viewerAttendance: new DataLoader<string, boolean | null>(async (ids) => {
      if (!viewer) return ids.map(() => null);
      const map = await services.waitlist.attendanceOf(viewer, ids);
      return ids.map((id) => map.get(id) ?? null);
    }, o),
    participants: new DataLoader<string, ParticipantRow[]>(async (ids) => {
      const map = await services.events.participantsOf(ids);
      return ids.map((id) => map.get(id) ?? []);
    }, o),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

// A row another row points to (event → host, request → user …). The foreign key guarantees it, so a
// missing one is a broken invariant (an internal error), not something the client asked wrongly.
export async function loadReferenced<T>(
  loader: DataLoader<string, T | null>,
  id: string,
  what: string,
): Promise<T> {
  const row = await loader.load(id);
  if (!row) throw new Error(`${what} ${id} missing`);
  return row;
}
