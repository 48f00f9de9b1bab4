import { Link } from 'react-router-dom';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export function TokenBalanceChip({ balance }: { balance: number | null }) {
  const { t, fmt } = useI18n();
  return (
    <Link
      to="/dashboard/tokens"
      className="inline-flex h-10 items-center gap-2 rounded-full border border-amber-400/30 bg-amber-400/10 px-3 text-sm font-bold text-amber-200 hover:bg-amber-400/20"
      aria-label={`${t('header.tokenBalance')}: ${balance ?? '…'}`}
    >
      <span aria-hidden="true">🪙</span>
      <span className="tabular-nums" data-testid="token-balance">
        {balance == null ? '…' : fmt.number(balance)}
      </span>
    </Link>
  );
}
