import { Badge, type BadgeTone } from '#client/components/ui/Badge.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

type Status = 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED' | 'EXPIRED';
export type PurchaseView = {
  id: string;
  createdAt: unknown;
  package: { name: string };
  tokens: number;
  bonusTokens: number;
  amount: number;
  currency: string;
  status: Status;
  method: 'CARD' | 'PAYPAL' | null;
  autoRefill: boolean;
};
export type LedgerView = {
  id: string;
  delta: number;
  cause: string;
  balanceAfter: number;
  createdAt: unknown;
};

const TONE: Record<Status, BadgeTone> = {
  PENDING: 'warning',
  PAID: 'success',
  FAILED: 'danger',
  REFUNDED: 'info',
  EXPIRED: 'neutral',
};

// Spec §2 Purchase History: date, package, tokens, amount, status, method.
export function PurchaseHistory({ purchases }: { purchases: PurchaseView[] }) {
  const { t, fmt } = useI18n();
  if (purchases.length === 0) return <EmptyState emoji="🧾" title={t('tokens.purchases.empty')} />;
  return (
    <Card className="p-0">
      <ul className="divide-y divide-ink-700" data-testid="purchase-history">
        {purchases.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-white">
                {p.package.name}{' '}
                {p.autoRefill ? (
                  <span className="text-xs text-ink-300">· {t('tokens.purchase.auto')}</span>
                ) : null}
              </p>
              <p className="text-xs text-ink-300">
                {fmt.dateTime(String(p.createdAt))}
                {p.method ? ` · ${t(`tokens.purchase.method.${p.method}`)}` : ''}
              </p>
            </div>
            <span className="text-sm text-ink-200">
              {t('tokens.purchase.tokens', { count: p.tokens + p.bonusTokens })}
            </span>
            <span className="w-24 text-right font-bold text-white tabular-nums">
              {fmt.currency(p.amount, p.currency === 'TRY' ? 'TRY' : 'USD')}
            </span>
            <Badge tone={TONE[p.status]}>{t(`tokens.purchase.status.${p.status}`)}</Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}

// Every change of the balance, newest first, each naming its cause.
export function LedgerList({ entries }: { entries: LedgerView[] }) {
  const { t, fmt } = useI18n();
  if (entries.length === 0) return <EmptyState emoji="🪙" title={t('tokens.history.empty')} />;
  return (
    <Card className="p-0">
      <ul className="divide-y divide-ink-700" data-testid="token-ledger">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center justify-between gap-4 px-5 py-3">
            <div className="min-w-0">
              <p className="truncate font-semibold text-white">{entry.cause}</p>
              <p className="text-xs text-ink-300">{fmt.dateTime(String(entry.createdAt))}</p>
            </div>
            <div className="text-right">
              <p
                className={cn(
                  'font-bold tabular-nums',
                  entry.delta >= 0 ? 'text-emerald-300' : 'text-rose-300',
                )}
              >
                {entry.delta > 0 ? '+' : ''}
                {fmt.number(entry.delta)}
              </p>
              <p className="text-xs text-ink-300">
                {t('tokens.balanceAfter', { count: entry.balanceAfter })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
