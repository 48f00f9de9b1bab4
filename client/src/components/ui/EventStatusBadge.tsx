import { Badge, type BadgeTone } from '#client/components/ui/Badge.tsx';
import type { EventStatus } from '#client/__generated__/graphql.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// upcoming green, completed blue (the spec's colours); ongoing and cancelled get their own.
const TONES: Record<EventStatus, BadgeTone> = {
  UPCOMING: 'success',
  ONGOING: 'accent',
  COMPLETED: 'info',
  CANCELLED: 'danger',
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useI18n();
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}
