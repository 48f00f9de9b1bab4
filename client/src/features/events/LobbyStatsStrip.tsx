import { gql } from '#client/apollo/gql.ts';
import type { LobbyStatsStrip_StatsFragment } from '#client/__generated__/graphql.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { countText, ratingText, shareText } from '#client/lib/format.ts';

export const LOBBY_STATS_STRIP_FRAGMENT = gql`
  fragment LobbyStatsStrip_stats on LobbyStats {
    activePlayers
    gamesAvailable
    matchSuccessRate
    averageHostRating
  }
`;

// The live stats strip; '—' where the server has no value yet.
export function LobbyStatsStrip({ stats }: { stats: LobbyStatsStrip_StatsFragment | null }) {
  const { t, fmt } = useI18n();
  const items = [
    { emoji: '🟢', label: t('lobby.stats.players'), value: countText(stats?.activePlayers, fmt) },
    { emoji: '🎮', label: t('lobby.stats.games'), value: countText(stats?.gamesAvailable, fmt) },
    { emoji: '🤝', label: t('lobby.stats.match'), value: shareText(stats?.matchSuccessRate, fmt) },
    { emoji: '⭐', label: t('lobby.stats.rating'), value: ratingText(stats?.averageHostRating, fmt) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="lobby-stats">
      {items.map((item) => (
        // A term and its value (dt before dd, as a list reads); the value is drawn above its label.
        <div
          key={item.label}
          className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-2xl border border-ink-700 bg-ink-850/80 px-4 py-3"
        >
          <dt className="col-start-2 row-start-2 text-xs leading-tight text-ink-300">{item.label}</dt>
          <dd className="col-start-2 row-start-1 text-xl font-black text-white tabular-nums">{item.value}</dd>
          <dd aria-hidden="true" className="col-start-1 row-span-2 row-start-1 text-2xl">
            {item.emoji}
          </dd>
        </div>
      ))}
    </dl>
  );
}
