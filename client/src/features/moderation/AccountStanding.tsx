import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type {
  AccountStandingChangedSubscription,
  AccountStandingChangedSubscriptionVariables,
  AccountStandingQuery,
  AccountStandingQueryVariables,
  AppealModerationActionMutation,
  AppealModerationActionMutationVariables,
} from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The viewer's standing as the suspended page shows it; the query and the live change carry the same
// fields, so a push writes over the query's answer in the cache (ADR 057).
const ACCOUNT_STANDING_FIELDS = gql`
  fragment AccountStanding_standing on AccountStanding {
    suspended
    suspendedUntil
    suspensionReason
    joinRequestsPausedUntil
    actions {
      id
      action
      reason
      until
      createdAt
      appealable
      appeal {
        id
        status
        decisionNote
      }
    }
  }
`;

export const ACCOUNT_STANDING_QUERY: TypedDocumentNode<AccountStandingQuery, AccountStandingQueryVariables> =
  gql`
    query AccountStandingQuery {
      accountStanding {
        ...AccountStanding_standing
      }
    }
    ${ACCOUNT_STANDING_FIELDS}
  `;

// A moderator changed the viewer's standing (an appeal decided, the suspension lifted).
export const ACCOUNT_STANDING_CHANGED_SUBSCRIPTION: TypedDocumentNode<
  AccountStandingChangedSubscription,
  AccountStandingChangedSubscriptionVariables
> = gql`
  subscription AccountStandingChangedSubscription {
    accountStandingChanged {
      ...AccountStanding_standing
    }
  }
  ${ACCOUNT_STANDING_FIELDS}
`;

const APPEAL_MUTATION: TypedDocumentNode<
  AppealModerationActionMutation,
  AppealModerationActionMutationVariables
> = gql`
  mutation AppealModerationActionMutation($input: AppealModerationActionInput!) {
    appealModerationAction(input: $input) {
      appeal {
        id
        status
      }
      action {
        id
        appealable
      }
    }
  }
`;

const APPEAL_MIN = 10;
const APPEAL_MAX = 1000;

// What moderation did to the viewer's account (warnings, removals, suspensions, pauses), each with
// its one appeal. In settings, and on the suspension screen (where it is all a suspended user sees).
export function AccountStanding() {
  const { t, fmt } = useI18n();
  const { data, loading } = useQuery(ACCOUNT_STANDING_QUERY);
  const [appealing, setAppealing] = useState<string | null>(null);
  if (loading && !data) return <Spinner />;
  const standing = data?.accountStanding;
  if (!standing) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="account-standing">
      {standing.joinRequestsPausedUntil ? (
        <p className="rounded-xl bg-amber-500/10 px-3 py-2 text-sm text-amber-200">
          {t('standing.paused', { date: fmt.dateTime(String(standing.joinRequestsPausedUntil)) })}
        </p>
      ) : null}
      {standing.actions.length === 0 ? (
        <p className="text-sm text-ink-300">{t('standing.clean')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-ink-700">
          {standing.actions.map((a) => (
            <li key={a.id} className="flex flex-col gap-1.5 py-3" data-testid="standing-action">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={a.action === 'WARN' ? 'warning' : 'danger'}>
                  {t(`moderation.actionKind.${a.action}`)}
                </Badge>
                <span className="text-xs text-ink-400">{fmt.dateTime(String(a.createdAt))}</span>
                {a.until ? (
                  <span className="text-xs text-ink-400">
                    · {t('standing.until', { date: fmt.dateTime(String(a.until)) })}
                  </span>
                ) : null}
              </div>
              <p className="text-sm text-ink-100">{a.reason}</p>
              {a.appeal ? (
                <p className="text-sm text-ink-300">
                  {t(`standing.appealStatus.${a.appeal.status}`)}
                  {a.appeal.decisionNote ? ` · ${a.appeal.decisionNote}` : ''}
                </p>
              ) : a.appealable ? (
                <Button size="sm" variant="outline" className="self-start" onClick={() => setAppealing(a.id)}>
                  {t('standing.appeal')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <AppealDialog actionId={appealing} onClose={() => setAppealing(null)} />
    </div>
  );
}

function AppealDialog({ actionId, onClose }: { actionId: string | null; onClose: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const [text, setText] = useState('');
  const [appeal, { loading }] = useMutation(APPEAL_MUTATION);
  if (!actionId) return null;
  const length = text.trim().length;
  const submit = async () => {
    if (length < APPEAL_MIN || length > APPEAL_MAX || loading) return;
    try {
      await appeal({
        variables: { input: { actionId, text: text.trim() } },
        update: (cache) => evictRootFields(cache, ['accountStanding']),
      });
      toast.success(t('standing.appeal.sent'));
      setText('');
      onClose();
    } catch (error) {
      toast.error(userFacingMessage(error, t('standing.appeal.failed')));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (!open && !loading ? onClose() : undefined)}
      title={t('standing.appeal.title')}
      description={t('standing.appeal.text')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={length < APPEAL_MIN || length > APPEAL_MAX}
            loading={loading}
            data-testid="appeal-submit"
          >
            {t('standing.appeal.submit')}
          </Button>
        </>
      }
    >
      <Textarea
        label={t('standing.appeal.label')}
        value={text}
        maxLength={APPEAL_MAX}
        onChange={(e) => setText(e.target.value)}
        hint={t('standing.appeal.hint', { count: length, max: APPEAL_MAX, min: APPEAL_MIN })}
        data-testid="appeal-text"
      />
    </Dialog>
  );
}
