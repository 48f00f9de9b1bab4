import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  ResetCalendarFeedMutation,
  ResetCalendarFeedMutationVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { copyText } from '#client/lib/clipboard.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

const RESET: TypedDocumentNode<ResetCalendarFeedMutation, ResetCalendarFeedMutationVariables> = gql`
  mutation ResetCalendarFeedMutation($input: ResetCalendarFeedInput!) {
    resetCalendarFeed(input: $input) {
      calendarFeedUrl
    }
  }
`;

// The personal calendar feed (ADR 047): the secret address to subscribe to, copy, renew.
export function CalendarFeedCard({ url }: { url: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const [current, setCurrent] = useState(url);
  const [reset, { loading }] = useMutation(RESET);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-300">{t('feed.hint')}</p>
      <code
        className="rounded-lg bg-ink-900/70 px-3 py-2 text-xs break-all text-ink-100"
        data-testid="calendar-feed-url"
      >
        {current}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void copyText(current).then(() => toast.success(t('feed.copied')))}
        >
          📋 {t('feed.copy')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={loading}
          onClick={async () => {
            const res = await reset({ variables: { input: { revoke: true } } });
            const next = res.data?.resetCalendarFeed.calendarFeedUrl;
            if (next) {
              setCurrent(next);
              toast.success(t('feed.resetDone'));
            }
          }}
        >
          🔄 {t('feed.reset')}
        </Button>
      </div>
    </div>
  );
}
