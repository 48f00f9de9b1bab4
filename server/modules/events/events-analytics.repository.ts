import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { eventSaves, eventShares, eventViews, type EventRow } from '#db/schema/index.ts';

// Counters around events: saves, views per Turkish day, shares, the host's analytics and the lobby's
// stats strip.
export function createEventsAnalytics(db: DbOrTx) {
  return {
    async saveCounts(eventIds: readonly string[]): Promise<Map<string, number>> {
      const result = new Map<string, number>(eventIds.map((id) => [id, 0]));
      if (eventIds.length === 0) return result;
      const rows = await db
        .select({ eventId: eventSaves.eventId, n: sql<number>`count(*)::int` })
        .from(eventSaves)
        .where(inArray(eventSaves.eventId, [...eventIds]))
        .groupBy(eventSaves.eventId);
      for (const r of rows) result.set(r.eventId, r.n);
      return result;
    },

    async savedBy(userId: string, eventIds: readonly string[]): Promise<Set<string>> {
      if (eventIds.length === 0) return new Set();
      const rows = await db
        .select({ eventId: eventSaves.eventId })
        .from(eventSaves)
        .where(and(eq(eventSaves.userId, userId), inArray(eventSaves.eventId, [...eventIds])));
      return new Set(rows.map((r) => r.eventId));
    },

    async save(userId: string, eventId: string): Promise<void> {
      await db.insert(eventSaves).values({ userId, eventId }).onConflictDoNothing();
    },

    async unsave(userId: string, eventId: string): Promise<void> {
      await db.delete(eventSaves).where(and(eq(eventSaves.userId, userId), eq(eventSaves.eventId, eventId)));
    },

    // One row per viewer and Turkish day; true when this call added it.
    async recordView(eventId: string, viewerId: string, day: string): Promise<boolean> {
      const rows = await db
        .insert(eventViews)
        .values({ eventId, viewerId, day })
        .onConflictDoNothing()
        .returning({ day: eventViews.day });
      return rows.length === 1;
    },

    // One row per user, channel and Turkish day; true when this call added it.
    async recordShare(eventId: string, userId: string, channel: string, day: string): Promise<boolean> {
      const rows = await db
        .insert(eventShares)
        .values({ eventId, userId, channel, day })
        .onConflictDoNothing()
        .returning({ id: eventShares.id });
      return rows.length === 1;
    },

    async analytics(event: Pick<EventRow, 'id' | 'hostId'>) {
      const [views] = (
        await db.execute<{
          views: number;
          viewers: number;
          saves: number;
          shares: number;
          requests: number;
          auto_declined: number;
          viewers_who_asked: number;
          median_minutes: number | null;
        }>(sql`
        with real_requests as (
          -- Requests a person sent, not the ones the content check declined on its own.
          select user_id from join_requests
          where event_id = ${event.id}
            and not (status = 'declined' and check_verdict = 'block' and decided_by is null)
        )
        select
          (select count(*)::int from event_views where event_id = ${event.id}) as views,
          (select count(distinct viewer_id)::int from event_views where event_id = ${event.id}) as viewers,
          (select count(*)::int from event_saves where event_id = ${event.id}) as saves,
          (select count(*)::int from event_shares where event_id = ${event.id}) as shares,
          (select count(*)::int from real_requests) as requests,
          (select count(*)::int from join_requests where event_id = ${event.id}
             and status = 'declined' and check_verdict = 'block' and decided_by is null) as auto_declined,
          (select count(distinct r.user_id)::int from real_requests r
             where exists (select 1 from event_views v where v.event_id = ${event.id} and v.viewer_id = r.user_id)
          ) as viewers_who_asked,
          (select percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at) / 60.0)
             from join_requests where event_id = ${event.id} and decided_by = ${event.hostId} and decided_at is not null
          )::float8 as median_minutes`)
      ).rows;
      const byDay = await db
        .select({ day: eventViews.day, n: sql<number>`count(*)::int` })
        .from(eventViews)
        .where(eq(eventViews.eventId, event.id))
        .groupBy(eventViews.day)
        .orderBy(eventViews.day);
      return { ...views, byDay: byDay.map((d) => ({ date: String(d.day), count: d.n })) };
    },

    // 'Açık oyun': online events one can still join (not over, not cancelled, a free slot).
    async lobbyStats(now: Date) {
      const [row] = (
        await db.execute<{
          active: number;
          games: number;
          accepted: number;
          decided: number;
          rating: number | null;
        }>(sql`
        select
          (select count(*)::int from users where last_seen_at > ${new Date(now.getTime() - 15 * 60_000)}) as active,
          (select count(*)::int from events
             where mode = 'online' and cancelled_at is null and ends_at > ${now}
               and participant_count < max_participants) as games,
          (select count(*)::int from join_requests where status = 'accepted' and decided_at > ${new Date(now.getTime() - 30 * 86_400_000)}) as accepted,
          (select count(*)::int from join_requests where status in ('accepted', 'declined') and decided_at > ${new Date(now.getTime() - 30 * 86_400_000)}) as decided,
          (select round(avg(r.score)::numeric, 2)::float8 from ratings r join events e on e.id = r.event_id and e.host_id = r.ratee_id
             where e.mode = 'online') as rating`)
      ).rows;
      return row;
    },
  };
}
