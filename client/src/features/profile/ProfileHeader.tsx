import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/Card.tsx';
import { ratingText } from '#client/lib/format.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

type HeaderUser = {
  displayName: string;
  username: string | null;
  city: string | null;
  district: string | null;
  createdAt: unknown;
  lastUsedIpLocation: { city: string | null; country: string | null } | null;
  stats: { eventsHosted: number; eventsJoined: number; averageRating: number | null };
};

// Spec §2 Profile header: avatar, display name, @username or 'Henüz belirlenmemiş', location (or the
// last IP location), join date, and the hosted / joined / rating stats.
export function ProfileHeader({ user, avatar }: { user: HeaderUser; avatar: ReactNode }) {
  const { t, fmt } = useI18n();
  const home = [user.district, user.city].filter(Boolean).join(', ');
  const ip = [user.lastUsedIpLocation?.city, user.lastUsedIpLocation?.country].filter(Boolean).join(', ');
  const location = home || (ip ? t('profile.ipLocation', { place: ip }) : '');
  const stats = [
    { label: t('profile.stats.hosted'), value: fmt.number(user.stats.eventsHosted) },
    { label: t('profile.stats.joined'), value: fmt.number(user.stats.eventsJoined) },
    { label: t('profile.stats.rating'), value: ratingText(user.stats.averageRating, fmt) },
  ];
  return (
    <Card className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
      {avatar}
      <div className="min-w-0 flex-1 text-center sm:text-left">
        <h1 className="truncate text-2xl font-extrabold text-white sm:text-3xl" data-testid="profile-name">
          {user.displayName}
        </h1>
        <p className="text-ink-300" data-testid="profile-username">
          {user.username ? `@${user.username}` : t('profile.noUsername')}
        </p>
        <p className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-ink-300 sm:justify-start">
          {location ? <span>📍 {location}</span> : null}
          <span>🗓️ {t('profile.joined', { date: fmt.date(String(user.createdAt)) })}</span>
        </p>
      </div>
      <dl className="grid w-full grid-cols-3 gap-2 sm:w-auto">
        {stats.map((s) => (
          <div key={s.label} className="flex flex-col-reverse rounded-xl bg-ink-800 px-4 py-3 text-center">
            <dt className="text-xs text-ink-300">{s.label}</dt>
            <dd className="text-xl font-black text-white">{s.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
