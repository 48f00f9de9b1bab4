import { useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { PackageView } from '#client/features/tokens/PackageCard.tsx';
import { useStartTokenPurchase } from '#client/features/tokens/useTokenMutations.ts';

// The spec's checkout dialog: the package, the total, saving the card for auto-refill; then the
// provider's payment page (the sandbox's in embedded mode). The page returns to /dashboard/tokens.
export function CheckoutDialog({
  pkg,
  sandbox,
  onClose,
  navigate = (url) => window.location.assign(url),
}: {
  pkg: PackageView | null;
  sandbox: boolean;
  onClose: () => void;
  navigate?: (url: string) => void;
}) {
  const { t, fmt } = useI18n();
  const toast = useToast();
  const { start, loading } = useStartTokenPurchase();
  const [saveMethod, setSaveMethod] = useState(false);

  const go = async () => {
    if (!pkg) return;
    try {
      const { checkoutUrl } = await start(pkg.id, saveMethod);
      navigate(checkoutUrl);
    } catch (error) {
      toast.error(userFacingMessage(error, t('tokens.checkout.failed')));
    }
  };

  return (
    <Dialog
      open={pkg !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={pkg ? t('tokens.checkout.title', { name: pkg.name }) : ''}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void go()} loading={loading} data-testid="checkout-go">
            {t('tokens.checkout.go')}
          </Button>
        </>
      }
    >
      {pkg ? (
        <div className="flex flex-col gap-4" data-testid="checkout-dialog">
          <div className="rounded-xl bg-ink-800 p-4">
            <p className="text-sm text-ink-300">
              {t('tokens.checkout.summary', { tokens: pkg.tokens + pkg.bonusTokens, days: pkg.validityDays })}
            </p>
            <div className="mt-2 flex items-baseline justify-between">
              <span className="text-ink-200">{t('tokens.checkout.total')}</span>
              <span className="text-2xl font-black text-white">{fmt.currency(pkg.price, 'USD')}</span>
            </div>
          </div>
          <p className="text-sm text-ink-300">💳 {t('tokens.checkout.methods')}</p>
          <label className="flex cursor-pointer items-center gap-3 text-sm text-white">
            <input
              type="checkbox"
              checked={saveMethod}
              onChange={(e) => setSaveMethod(e.target.checked)}
              className="size-4 accent-fuchsia-500"
            />
            {t('tokens.checkout.saveMethod')}
          </label>
          {sandbox ? <p className="text-xs text-amber-300">🧪 {t('tokens.checkout.sandbox')}</p> : null}
        </div>
      ) : null}
    </Dialog>
  );
}
