import { useEffect } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { PurchaseResultQuery, PurchaseResultQueryVariables } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const PURCHASE_RESULT_QUERY: TypedDocumentNode<PurchaseResultQuery, PurchaseResultQueryVariables> =
  gql`
    query PurchaseResultQuery($id: ID!) {
      tokenPurchase(id: $id) {
        id
        status
        tokens
        bonusTokens
        failureReason
        package {
          id
          name
        }
      }
      me {
        id
        tokenBalance
      }
    }
  `;

const POLL_MS = 1500;

// Back from the checkout: the purchase's outcome. While the provider has not answered it is read
// again every 1.5 s; the balance is the live one (the subscription updates the cached User).
export function PurchaseResult({
  purchaseId,
  cancelled,
  onClose,
  onRetry,
}: {
  purchaseId: string;
  cancelled: boolean;
  onClose: () => void;
  onRetry: (packageId: string) => void;
}) {
  const { t, fmt } = useI18n();
  const { data, startPolling, stopPolling } = useQuery(PURCHASE_RESULT_QUERY, {
    variables: { id: purchaseId },
    fetchPolicy: 'network-only',
  });
  const purchase = data?.tokenPurchase;
  const pending = !purchase || purchase.status === 'PENDING';
  useEffect(() => {
    if (pending && !cancelled) startPolling(POLL_MS);
    else stopPolling();
    return () => stopPolling();
  }, [pending, cancelled, startPolling, stopPolling]);

  const tone = purchase?.status === 'PAID' ? 'success' : pending && !cancelled ? 'pending' : 'failure';
  const title =
    purchase?.status === 'PAID'
      ? t('tokens.result.paid')
      : cancelled && pending
        ? t('tokens.result.cancelled')
        : pending
          ? t('tokens.result.pending')
          : purchase?.status === 'EXPIRED'
            ? t('tokens.result.expired')
            : t('tokens.result.failed');
  const text =
    purchase?.status === 'PAID'
      ? t('tokens.result.paidText', {
          tokens: fmt.number(purchase.tokens + purchase.bonusTokens),
          balance: fmt.number(data?.me.tokenBalance ?? 0),
        })
      : cancelled && pending
        ? t('tokens.result.cancelledText')
        : pending
          ? t('tokens.result.pendingText')
          : (purchase?.failureReason ?? '');

  return (
    <Card
      role="status"
      data-testid="purchase-result"
      data-status={purchase?.status ?? 'LOADING'}
      className={cn(
        'flex flex-col gap-3 sm:flex-row sm:items-center',
        tone === 'success' && 'border-emerald-500/50 bg-emerald-950/40',
        tone === 'failure' && 'border-rose-500/50 bg-rose-950/30',
      )}
    >
      <span aria-hidden="true" className="text-4xl">
        {tone === 'success' ? '🎉' : tone === 'failure' ? '⚠️' : <Spinner />}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-bold text-white">{title}</h2>
        <p className="text-sm text-ink-200">{text}</p>
      </div>
      <div className="flex gap-2">
        {tone === 'failure' && purchase ? (
          <Button variant="secondary" onClick={() => onRetry(purchase.package.id)}>
            {t('tokens.result.retry')}
          </Button>
        ) : null}
        {tone !== 'pending' ? <Button onClick={onClose}>{t('tokens.result.close')}</Button> : null}
      </div>
    </Card>
  );
}
