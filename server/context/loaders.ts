import DataLoader from 'dataloader';
import type {
  EventRow,
  JoinRequestRow,
  ModerationAppealRow,
  ParticipantRow,
  RatingRow,
  UserRow,
} from '#db/schema/index.ts';
import type { Services } from '#server/modules/services.ts';
import type { BadgeModel, RatingSummaryModel, UserStatsModel } from '#server/modules/users/users.mappers.ts';
import type { Viewer } from './viewer.ts';

const byId = <T extends { id: string }>(ids: readonly string[], rows: T[]) => {
  const map = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => map.get(id) ?? null);
};

// Per-request batching: one query per kind of thing, however many fields ask (no N+1).
export function createLoaders(services: Services, viewer: Viewer | null, options: { cache?: boolean } = {}) {
  const o = { cache: options.cache ?? true };
  return {
    user: new DataLoader<string, UserRow | null>(
      async (ids) => byId(ids, await services.users.byIds(ids)),
      o,
    ),
    userStats: new DataLoader<string, UserStatsModel>(async (ids) => {
      const stats = await services.users.statsFor(ids);
      return ids.map((id) => stats.get(id)!);
    }, o),
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
    // The viewer's relation (participant / requester) to events it does not host.
    viewerRelation: new DataLoader<string, 'participant' | 'requester' | undefined>(async (ids) => {
      if (!viewer) return ids.map(() => undefined);
      const relations = await services.events.relationsOf(viewer, ids);
      return ids.map((id) => relations.get(id));
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
    viewerJoinRequest: new DataLoader<string, JoinRequestRow | undefined>(async (ids) => {
      if (!viewer) return ids.map(() => undefined);
      const latest = await services.joinRequests.latestOfViewer(viewer, ids);
      return ids.map((id) => latest.get(id));
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
