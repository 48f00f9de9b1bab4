import type { EventRow } from '#db/schema/index.ts';
import type { Deps } from '#server/context/deps.ts';
import type { Viewer } from '#server/context/viewer.ts';
import { isHost } from '#server/auth/access.ts';
import { notFound } from '#server/errors/app-error.ts';
import { shiftDay, turkeyDay } from '#server/lib/turkey-time.ts';
import { createEventsAnalytics } from './events-analytics.repository.ts';

// What people do around events (saves, views, shares), the host's analytics and the lobby's stats
// strip; part of the events service (events.service.ts spreads it in).
export function createEventsActivity(deps: Deps, byIds: (ids: readonly string[]) => Promise<EventRow[]>) {
  const counters = createEventsAnalytics(deps.db);
  return {
    async save(viewer: Viewer, eventId: string, saved: boolean): Promise<EventRow> {
      const [event] = await byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (saved) await counters.save(viewer.id, event.id);
      else await counters.unsave(viewer.id, event.id);
      return event;
    },

    // A viewer counts once per Turkish day; the host never.
    async recordView(viewer: Viewer, eventId: string): Promise<boolean> {
      const [event] = await byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      if (isHost(viewer, event)) return false;
      return counters.recordView(event.id, viewer.id, turkeyDay(deps.clock.now()));
    },

    // Once per user, channel and Turkish day (false: already counted today).
    async recordShare(viewer: Viewer, eventId: string, channel: string): Promise<boolean> {
      const [event] = await byIds([eventId]);
      if (!event) throw notFound('error.eventNotFound');
      return counters.recordShare(event.id, viewer.id, channel, turkeyDay(deps.clock.now()));
    },

    // Host only (others get null).
    async analytics(viewer: Viewer, event: Pick<EventRow, 'id' | 'hostId' | 'createdAt'>) {
      if (!isHost(viewer, event)) return null;
      const a = await counters.analytics(event);
      // Every day from creation (at most 30 days back) to today, zeros included, for the chart.
      const today = turkeyDay(deps.clock.now());
      let day = turkeyDay(event.createdAt);
      const earliest = shiftDay(today, -29);
      if (day < earliest) day = earliest;
      const counts = new Map(a.byDay.map((d) => [d.date, d.count]));
      const viewsByDay: { date: string; count: number }[] = [];
      for (; day <= today; day = shiftDay(day, 1))
        viewsByDay.push({ date: day, count: counts.get(day) ?? 0 });
      const peak = a.byDay.reduce<{ date: string; count: number } | null>(
        (best, d) => (!best || d.count > best.count ? d : best),
        null,
      );
      return {
        views: a.views,
        viewsByDay,
        saves: a.saves,
        shares: a.shares,
        requests: a.requests,
        autoDeclinedRequests: a.auto_declined,
        conversionRate: a.viewers > 0 ? Math.round((a.viewers_who_asked / a.viewers) * 1000) / 1000 : null,
        medianResponseMinutes: a.median_minutes === null ? null : Math.round(a.median_minutes * 10) / 10,
        peakDay: peak?.date ?? null,
      };
    },

    async lobbyStats() {
      const row = await counters.lobbyStats(deps.clock.now());
      return {
        activePlayers: row.active,
        gamesAvailable: row.games,
        matchSuccessRate: row.decided > 0 ? Math.round((row.accepted / row.decided) * 1000) / 1000 : null,
        averageHostRating: row.rating,
      };
    },

    saveCounts: (eventIds: readonly string[]) => counters.saveCounts(eventIds),
    savedBy: (viewer: Viewer, eventIds: readonly string[]) => counters.savedBy(viewer.id, eventIds),
  };
}
