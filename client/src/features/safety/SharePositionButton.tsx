import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type {
  SharePositionContactsQuery,
  SharePositionContactsQueryVariables,
  SharePositionMutation,
  SharePositionMutationVariables,
} from '#client/__generated__/graphql.ts';
import { gql } from '#client/apollo/gql.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

const CONTACTS_QUERY: TypedDocumentNode<SharePositionContactsQuery, SharePositionContactsQueryVariables> =
  gql`
    query SharePositionContactsQuery {
      trustedContacts {
        id
        confirmed
      }
    }
  `;

const SHARE_POSITION_MUTATION: TypedDocumentNode<SharePositionMutation, SharePositionMutationVariables> = gql`
  mutation SharePositionMutation($input: SharePositionInput!) {
    sharePosition(input: $input) {
      sentTo
      sharedAt
    }
  }
`;

type Status = { kind: 'idle' | 'locating' | 'sending' } | { kind: 'done' | 'error'; text: string };

// The browser's position, asked for only now (on the tap), once; never watched.
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) reject(new Error('unavailable'));
    else
      navigator.geolocation.getCurrentPosition(resolve, reject, {
        enableHighAccuracy: true,
        timeout: 20_000,
        maximumAge: 0,
      });
  });
}

// 'Konumumu paylaş' (issue 30 point 4, ADR 068): sends the trusted contacts the device's current
// position once. Disabled, with a way to Settings, while the user has no confirmed contact.
export function SharePositionButton({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  const { data } = useQuery(CONTACTS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [share] = useMutation(SHARE_POSITION_MUTATION);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const hasContact = data?.trustedContacts.some((c) => c.confirmed) ?? false;
  const busy = status.kind === 'locating' || status.kind === 'sending';

  async function onTap() {
    setStatus({ kind: 'locating' });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (err) {
      const denied = (err as GeolocationPositionError | undefined)?.code === 1;
      setStatus({ kind: 'error', text: t(denied ? 'position.denied' : 'position.unavailable') });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const res = await share({
        variables: {
          input: { eventId, latitude: position.coords.latitude, longitude: position.coords.longitude },
        },
      });
      setStatus({ kind: 'done', text: t('position.sent', { count: res.data?.sharePosition.sentTo ?? 0 }) });
    } catch (err) {
      setStatus({ kind: 'error', text: userFacingMessage(err, t('position.failed')) });
    }
  }

  return (
    <div className="space-y-2" data-testid="share-position">
      <Button
        type="button"
        variant="secondary"
        disabled={!hasContact || busy}
        onClick={onTap}
        className="w-full"
      >
        📍{' '}
        {status.kind === 'locating' || status.kind === 'sending'
          ? t('position.locating')
          : t('position.share')}
      </Button>
      {hasContact ? (
        <p className="text-xs text-ink-300">{t('position.hint')}</p>
      ) : (
        <p className="text-xs text-ink-300">
          {t('position.needContact')}{' '}
          <Link to="/dashboard/settings#trusted-contacts" className="underline">
            {t('plan.toSettings')}
          </Link>
        </p>
      )}
      {(status.kind === 'done' || status.kind === 'error') && (
        <p
          role="status"
          className={status.kind === 'error' ? 'text-sm text-rose-300' : 'text-sm text-emerald-300'}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}
