import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export type PackageView = {
  id: string;
  name: string;
  tokens: number;
  bonusTokens: number;
  price: number;
  originalPrice: number;
  discountPercent: number;
  popular: boolean;
  validityDays: number;
  features: string[];
};

// One of the spec's four packages, with its 'Satın Al' button.
export function PackageCard({ pkg, onBuy }: { pkg: PackageView; onBuy: (pkg: PackageView) => void }) {
  const { t, fmt } = useI18n();
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col gap-3',
        pkg.popular && 'border-pop-500/70 ring-2 ring-pop-500/40',
      )}
      data-testid={`package-${pkg.id}`}
    >
      {pkg.popular ? (
        <Badge tone="accent" className="absolute -top-3 left-5">
          {t('tokens.popular')}
        </Badge>
      ) : null}
      <h3 className="text-lg font-bold text-white">{pkg.name}</h3>
      <p className="text-3xl font-black text-white">{t('tokens.count', { count: pkg.tokens })}</p>
      {pkg.bonusTokens > 0 ? (
        <p className="text-sm font-semibold text-emerald-300">
          {t('tokens.bonus', { count: pkg.bonusTokens })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-baseline gap-2">
        <span className="text-xl font-bold text-white">{fmt.currency(pkg.price, 'USD')}</span>
        <span className="text-sm text-ink-300 line-through">{fmt.currency(pkg.originalPrice, 'USD')}</span>
        <Badge tone="success" className="whitespace-nowrap">
          {t('tokens.discount', { percent: fmt.percent(pkg.discountPercent) })}
        </Badge>
      </div>
      <ul className="mt-1 flex flex-1 flex-col gap-1 text-sm text-ink-200">
        {pkg.features.map((feature) => (
          <li key={feature}>✓ {feature}</li>
        ))}
      </ul>
      <Button
        className="mt-2 w-full"
        variant={pkg.popular ? 'primary' : 'secondary'}
        onClick={() => onBuy(pkg)}
        aria-label={t('tokens.buyAria', { name: pkg.name })}
      >
        {t('tokens.buy')}
      </Button>
    </Card>
  );
}
