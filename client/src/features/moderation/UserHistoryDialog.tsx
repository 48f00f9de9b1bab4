import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { ModerationUserQuery, ModerationUserQueryVariables } from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { ModerationVerb } from './useModerationAction.ts';

export const MODERATION_USER_QUERY: TypedDocumentNode<ModerationUserQuery, ModerationUserQueryVariables> =
  gql`
    query ModerationUserQuery($id: ID!) {
      moderationUser(id: $id) {
        email
        role
        suspended
        suspendedUntil
        suspensionReason
        hiddenFromDiscovery
        joinRequestsPausedUntil
        user {
          id
          displayName
          username
          avatarUrl(size: MEDIUM)
        }
        reports {
          id
          reason
          message
          createdAt
          status
        }
        flags {
          id
          kind
          text
          status
        }
        actions {
          id
          action
          reason
          createdAt
          moderator {
            id
            displayName
          }
        }
      }
    }
  `;

// One user's record for a moderator: restrictions in force, reports against them, their flagged texts
// and the actions taken, with the actions a moderator can take on the account.
export function UserHistoryDialog({
  user,
  onClose,
  onAct,
}: {
  user: { id: string; displayName: string } | null;
  onClose: () => void;
  onAct: (verb: ModerationVerb, targetName: string) => void;
}) {
  const { t, fmt } = useI18n();
  const { data, loading } = useQuery(MODERATION_USER_QUERY, {
    variables: { id: user?.id ?? '' },
    skip: !user,
  });
  if (!user) return null;
  const h = data?.moderationUser;
  const act = (verb: ModerationVerb) => {
    onClose();
    onAct(verb, user.displayName);
  };
  const status: string[] = [];
  if (h?.suspended)
    status.push(
      h.suspendedUntil
        ? t('moderation.user.suspendedUntil', { date: fmt.dateTime(String(h.suspendedUntil)) })
        : t('moderation.user.suspendedForGood'),
    );
  if (h?.hiddenFromDiscovery) status.push(t('moderation.user.hidden'));
  if (h?.joinRequestsPausedUntil)
    status.push(t('moderation.user.paused', { date: fmt.dateTime(String(h.joinRequestsPausedUntil)) }));
  const restricted = status.length > 0;

  return (
    <Dialog
      open
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={t('moderation.user.title')}
      closeLabel={t('common.close')}
      className="max-w-2xl"
    >
      {loading && !h ? (
        <Spinner />
      ) : h ? (
        <div className="flex max-h-[65vh] flex-col gap-4 overflow-y-auto pr-1" data-testid="user-history">
          <div className="flex items-center gap-3">
            <Avatar name={h.user.displayName} url={h.user.avatarUrl} className="size-12" />
            <div className="min-w-0">
              <p className="truncate font-bold text-white">
                {h.user.displayName}{' '}
                {h.user.username ? (
                  <span className="font-normal text-ink-300">@{h.user.username}</span>
                ) : null}
              </p>
              <p className="truncate text-sm text-ink-300">{h.email}</p>
            </div>
            {h.role !== 'USER' ? <Badge tone="accent">{h.role}</Badge> : null}
          </div>
          <div className="flex flex-wrap gap-1.5">
            {restricted ? (
              status.map((s) => (
                <Badge key={s} tone="danger">
                  {s}
                </Badge>
              ))
            ) : (
              <Badge tone="success">{t('moderation.user.clean')}</Badge>
            )}
          </div>
          {h.suspensionReason ? <p className="text-sm text-ink-300">{h.suspensionReason}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => act({ kind: 'warn', userId: user.id })}>
              {t('moderation.do.warn')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => act({ kind: 'removeField', userId: user.id })}
            >
              {t('moderation.do.removeField')}
            </Button>
            {restricted ? (
              <Button size="sm" onClick={() => act({ kind: 'restore', userId: user.id })}>
                {t('moderation.do.restore')}
              </Button>
            ) : null}
            {!h.suspended ? (
              <Button size="sm" variant="danger" onClick={() => act({ kind: 'suspend', userId: user.id })}>
                {t('moderation.do.suspend')}
              </Button>
            ) : null}
          </div>
          <Section
            title={t('moderation.user.reports', { count: h.reports.length })}
            empty={t('moderation.user.none')}
          >
            {h.reports.map((r) => (
              <li key={r.id} className="flex flex-col gap-0.5">
                <span className="text-xs text-ink-400">
                  {fmt.dateTime(String(r.createdAt))} · {t(`safety.report.reason.${r.reason}`)}
                </span>
                {r.message ? <span className="text-ink-100">{r.message}</span> : null}
              </li>
            ))}
          </Section>
          <Section
            title={t('moderation.user.flags', { count: h.flags.length })}
            empty={t('moderation.user.none')}
          >
            {h.flags.map((f) => (
              <li key={f.id} className="flex flex-col gap-0.5">
                <span className="text-xs text-ink-400">{t(`moderation.kind.${f.kind}`)}</span>
                <span className="break-words text-ink-100">{f.text}</span>
              </li>
            ))}
          </Section>
          <Section
            title={t('moderation.user.actions', { count: h.actions.length })}
            empty={t('moderation.user.none')}
          >
            {h.actions.map((a) => (
              <li key={a.id} className="flex flex-col gap-0.5">
                <span className="text-xs text-ink-400">
                  {fmt.dateTime(String(a.createdAt))} · {t(`moderation.actionKind.${a.action}`)} ·{' '}
                  {a.moderator?.displayName ?? t('moderation.log.auto')}
                </span>
                <span className="text-ink-100">{a.reason}</span>
              </li>
            ))}
          </Section>
        </div>
      ) : null}
    </Dialog>
  );
}

function Section({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-bold text-white">{title}</h3>
      {children.length > 0 ? (
        <ul className="flex flex-col gap-2 rounded-xl bg-ink-900/60 p-3 text-sm">{children}</ul>
      ) : (
        <p className="text-sm text-ink-400">{empty}</p>
      )}
    </section>
  );
}
