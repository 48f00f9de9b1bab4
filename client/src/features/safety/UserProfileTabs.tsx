// The tabs of another user's profile (Overview, Activity, Reviews, Badges) and its member-since line.
import type { ReactNode } from 'react';
import type { PublicProfileQuery } from '#client/__generated__/graphql.ts';
import { ActivityList } from '#client/components/ui/ActivityList.tsx';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ratingText } from '#client/lib/format.ts';

type Profile = NonNullable<PublicProfileQuery['user']>;

export function MemberSince({ createdAt }: { createdAt: unknown }) {
  const { t, fmt } = useI18n();
  return (
    <p className="text-xs text-ink-300">
      {t('details.profile.memberSince', { date: fmt.date(String(createdAt)) })}
    </p>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-ink-800 p-2 text-center">
      <dt className="text-xs text-ink-300">{label}</dt>
      <dd className="text-base font-bold text-white">{value}</dd>
    </div>
  );
}

export function Overview({ user }: { user: Profile }) {
  const { t, fmt } = useI18n();
  // '★ 4,5 (12)', or a dash until rated.
  const rated = (r: { average: number | null; count: number }) =>
    r.average == null
      ? '—'
      : t('otherProfile.ratingValue', { average: ratingText(r.average, fmt), count: fmt.number(r.count) });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm whitespace-pre-line text-ink-200">{user.bio || t('details.profile.noBio')}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label={t('details.profile.hosted')} value={fmt.number(user.stats.eventsHosted)} />
        <Stat label={t('details.profile.joined')} value={fmt.number(user.stats.eventsJoined)} />
        <Stat label={t('otherProfile.asHost')} value={rated(user.hostRating)} />
        <Stat label={t('otherProfile.asParticipant')} value={rated(user.participantRating)} />
      </dl>
      {user.interests.length ? (
        <div>
          <h3 className="mb-1.5 text-xs font-semibold text-ink-300 uppercase">
            {t('details.profile.interests')}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            {user.interests.map((i) => (
              <Badge key={i.id} tone="accent">
                {i.label}
              </Badge>
            ))}
          </div>
        </div>
      ) : null}
      {user.eventsInCommon.length ? (
        <div>
          <h3 className="mb-1.5 text-xs font-semibold text-ink-300 uppercase">
            {t('otherProfile.inCommon')}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            {user.eventsInCommon.map((e) => (
              <Badge key={e.id} tone="info">
                {e.title}
              </Badge>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function Activity({ user, onNavigate }: { user: Profile; onNavigate: () => void }) {
  const { t } = useI18n();
  return (
    <div className="max-h-72 overflow-y-auto pr-1">
      <ActivityList
        items={user.activity ?? []}
        empty={t('otherProfile.noActivity')}
        onNavigate={onNavigate}
      />
    </div>
  );
}

export function Reviews({ user }: { user: Profile }) {
  const { t, fmt } = useI18n();
  if (user.reviews.nodes.length === 0)
    return <p className="text-sm text-ink-300">{t('otherProfile.noReviews')}</p>;
  return (
    <ul className="flex max-h-72 flex-col gap-3 overflow-y-auto">
      {user.reviews.nodes.map((r) => (
        <li key={r.id} className="flex gap-3 rounded-xl bg-ink-800 p-3">
          <Avatar name={r.rater.displayName} url={r.rater.smallAvatarUrl} className="size-8 text-xs" />
          <div className="min-w-0 flex-1">
            <p className="text-xs text-ink-300">
              {t('otherProfile.reviewOn', { name: r.rater.displayName, event: r.event.title })} ·{' '}
              {fmt.date(String(r.createdAt))}
            </p>
            <p className="text-amber-300" aria-label={t('rating.star', { score: r.score })}>
              {'★'.repeat(r.score)}
              <span className="text-ink-600">{'★'.repeat(5 - r.score)}</span>
            </p>
            <p className="text-sm whitespace-pre-line text-ink-100">{r.feedback}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Badges({ user }: { user: Profile }) {
  const { t, fmt } = useI18n();
  if (user.badges.length === 0) return <p className="text-sm text-ink-300">{t('otherProfile.noBadges')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {user.badges.map((b) => (
        <li key={b.id} className="flex gap-2 rounded-xl bg-ink-800 p-2.5">
          <span aria-hidden="true" className="text-2xl">
            {b.icon}
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-white">{b.name}</p>
            <p className="text-xs text-ink-300">{b.description}</p>
            <p className="text-xs text-amber-200">
              {t('profile.badges.earned', { date: fmt.date(String(b.earnedAt)) })}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
