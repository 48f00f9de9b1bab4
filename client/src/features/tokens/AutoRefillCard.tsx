import { useState } from 'react';
import type { AutoRefill_UserFragment } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { fieldErrors, userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useSetAutoRefill } from '#client/features/tokens/useTokenMutations.ts';
import { Switch } from '#client/components/ui/Switch.tsx';

// Spec §2: the Auto-Refill toggle with a threshold stepper (minimum 1, default 5); here also the
// package it buys and the saved card it charges.
export function AutoRefillCard({
  user,
  packages,
}: {
  user: AutoRefill_UserFragment;
  packages: { id: string; name: string }[];
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { save, loading } = useSetAutoRefill();
  const settings = user.autoRefill;
  const [threshold, setThreshold] = useState(settings?.threshold ?? 5);
  if (!settings) return null;
  const card = settings.paymentMethod;

  const apply = async (input: Parameters<typeof save>[0]) => {
    try {
      await save(input);
      toast.success(t('tokens.autoRefill.saved'));
    } catch (error) {
      toast.error(
        Object.values(fieldErrors(error))[0] ?? userFacingMessage(error, t('tokens.autoRefill.failed')),
      );
    }
  };
  const step = (delta: number) => {
    const next = Math.max(1, threshold + delta);
    setThreshold(next);
    void apply({ enabled: settings.enabled, threshold: next });
  };

  return (
    <Card className="flex flex-col gap-4" data-testid="auto-refill">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-bold text-white">{t('tokens.autoRefill.title')}</h2>
          <p className="text-sm text-ink-300">{t('tokens.autoRefill.text')}</p>
        </div>
        <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm text-white">
          <span className="sr-only">{t('tokens.autoRefill.toggle')}</span>
          <Switch
            checked={settings.enabled}
            disabled={loading || (!card && !settings.enabled)}
            onChange={(e) => void apply({ enabled: e.target.checked, threshold })}
          />
        </label>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-ink-200" id="threshold-label">
            {t('tokens.autoRefill.threshold')}
          </span>
          <div className="flex items-center gap-2" role="group" aria-labelledby="threshold-label">
            <Button
              variant="outline"
              size="icon"
              onClick={() => step(-1)}
              disabled={threshold <= 1 || loading}
              aria-label={t('tokens.autoRefill.less')}
            >
              −
            </Button>
            <output
              className="w-10 text-center text-xl font-black text-white tabular-nums"
              aria-live="polite"
            >
              {threshold}
            </output>
            <Button
              variant="outline"
              size="icon"
              onClick={() => step(1)}
              disabled={loading}
              aria-label={t('tokens.autoRefill.more')}
            >
              +
            </Button>
          </div>
          <p className="text-xs text-ink-300">{t('tokens.autoRefill.thresholdHint', { count: threshold })}</p>
        </div>
        <Select
          label={t('tokens.autoRefill.package')}
          value={settings.package.id}
          onChange={(e) => void apply({ enabled: settings.enabled, threshold, packageId: e.target.value })}
        >
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-ink-700 pt-3 text-sm">
        <span className="text-ink-200">
          💳{' '}
          {card
            ? t('tokens.autoRefill.card', {
                brand: (card.brand ?? 'card').toUpperCase(),
                last4: card.last4 ?? '••••',
              })
            : t('tokens.autoRefill.noCard')}
        </span>
        {card ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void apply({ enabled: false, forgetPaymentMethod: true })}
          >
            {t('tokens.autoRefill.forget')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
