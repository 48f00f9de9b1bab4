import type { HostRank } from '#client/__generated__/graphql.ts';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

const RANK_STYLE: Record<HostRank, { emoji: string; className: string }> = {
  NEW: { emoji: '🌱', className: 'bg-ink-700/80 text-ink-200 ring-ink-500/40' },
  BRONZE: { emoji: '🥉', className: 'bg-orange-500/15 text-orange-200 ring-orange-400/40' },
  SILVER: { emoji: '🥈', className: 'bg-slate-300/15 text-slate-100 ring-slate-300/40' },
  GOLD: { emoji: '🥇', className: 'bg-amber-400/15 text-amber-200 ring-amber-300/40' },
  DIAMOND: { emoji: '💎', className: 'bg-cyan-400/15 text-cyan-100 ring-cyan-300/40' },
};

// The host's rank (ADR 038) next to the name on lobby cards and in the join dialog.
export function HostRankBadge({ rank, className }: { rank: HostRank; className?: string }) {
  const { t } = useI18n();
  const style = RANK_STYLE[rank];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        style.className,
        className,
      )}
      title={t('rank.hint')}
      data-testid="host-rank"
      data-rank={rank}
    >
      <span aria-hidden="true">{style.emoji}</span>
      {t(`rank.${rank}`)}
    </span>
  );
}
