import type { ReactNode } from 'react';
import { gql } from '#client/apollo/gql.ts';
import type { EventOverview_EventFragment } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { SkillBadge } from '#client/components/ui/SkillBadge.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { ratingText } from '#client/lib/format.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const EVENT_OVERVIEW_FRAGMENT = gql`
  fragment EventOverview_event on Event {
    id
    mode
    status
    skillLevel
    voiceChat
    language
    requirements
    tags {
      id
      label
    }
    averageRating
    feedbackCount
    participantCount
  }
`;

// The Overview tab: requirements (skill, voice chat, language), tags, and the results once the event
// is over. `children` (the viewer's rating) closes the grid across both columns.
export function EventOverview({
  event,
  children,
}: {
  event: EventOverview_EventFragment;
  children?: ReactNode;
}) {
  const { t, fmt } = useI18n();
  const online = event.mode === 'ONLINE';
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Card className="flex flex-col gap-3">
        <h2 className="text-base font-bold text-white">{t('details.requirements')}</h2>
        <dl className="flex flex-col gap-2 text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="text-ink-300">{t('details.skillLevel')}</dt>
            <dd>
              {event.skillLevel ? (
                <SkillBadge level={event.skillLevel} />
              ) : (
                <span className="text-ink-300">—</span>
              )}
            </dd>
          </div>
          {online && event.voiceChat === 'REQUIRED' ? (
            <div className="flex items-center justify-between gap-3">
              <dt className="text-ink-300">{t('details.voiceChat')}</dt>
              <dd>
                <Badge tone="warning">🎙️ {t('details.voiceRequired')}</Badge>
              </dd>
            </div>
          ) : null}
          {online ? (
            <div className="flex items-center justify-between gap-3">
              <dt className="text-ink-300">{t('details.language')}</dt>
              <dd className="text-white">{event.language === 'en' ? 'English' : 'Türkçe'}</dd>
            </div>
          ) : null}
        </dl>
        <p className="text-sm whitespace-pre-line text-ink-200">
          {event.requirements || t('details.noRequirements')}
        </p>
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-base font-bold text-white">{t('details.tags')}</h2>
        {event.tags.length ? (
          <div className="flex flex-wrap gap-1.5">
            {event.tags.map((tag) => (
              <Badge key={tag.id} tone="accent">
                #{tag.label}
              </Badge>
            ))}
          </div>
        ) : (
          <p className="text-sm text-ink-300">{t('details.noTags')}</p>
        )}
      </Card>
      {event.status === 'COMPLETED' ? (
        <Card className="flex flex-col gap-3 md:col-span-2" data-testid="event-results">
          <h2 className="text-base font-bold text-white">{t('details.results')}</h2>
          <dl className="grid grid-cols-3 gap-3 text-center">
            {/* Unrated events say so ('Henüz yok', N/A in English) rather than a made-up number. */}
            {[
              [
                t('details.avgRating'),
                event.averageRating == null ? t('details.na') : `★ ${ratingText(event.averageRating, fmt)}`,
              ],
              [t('details.feedback'), fmt.number(event.feedbackCount)],
              [t('details.participantCount'), fmt.number(event.participantCount)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-ink-800 p-3">
                <dd className="text-xl font-black text-white">{value}</dd>
                <dt className="text-xs text-ink-300">{label}</dt>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      {children}
    </div>
  );
}
