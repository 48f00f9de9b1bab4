import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useReadQuery, type QueryRef } from '@apollo/client/react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import type {
  EditEventRouteQuery,
  EditEventRouteQueryVariables,
  SeriesScope,
} from '#client/__generated__/graphql.ts';
import { getPreloader } from '#client/app/apolloClient.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { EVENT_PLACE_FRAGMENT } from '#client/apollo/eventFragments.ts';
import { EventNotFound } from '#client/features/events/EventNotFound.tsx';
import { SeriesScopeChoice } from '#client/features/events/details/SeriesScopeChoice.tsx';
import { EventWizard } from '#client/features/wizard/EventWizard.tsx';
import { useUpdateEventMutation } from '#client/features/wizard/useUpdateEventMutation.ts';
import { toUpdateInput, valuesFromEvent, type WizardValues } from '#client/features/wizard/wizardState.ts';
import { LazyLocationPicker } from '#client/routes/dashboard/LazyLocationPicker.tsx';

export const EDIT_EVENT_ROUTE_QUERY: TypedDocumentNode<EditEventRouteQuery, EditEventRouteQueryVariables> =
  gql`
    query EditEventRouteQuery($id: ID!) {
      event(id: $id) {
        id
        mode
        title
        description
        category {
          id
          label
        }
        tags {
          id
          label
        }
        date
        time
        durationMinutes
        maxParticipants
        status
        viewerRole
        publicLocation
        platform {
          id
          label
        }
        requirements
        skillLevel
        venueType
        voiceChat
        language
        series {
          id
        }
        autoApproval {
          verifiedEmail
          sameCity
          friendsOnly
          minRating
          minReliability
        }
        ...EventPlace_event
      }
    }
    ${EVENT_PLACE_FRAGMENT}
  `;

export function loader({ params }: LoaderFunctionArgs) {
  return { queryRef: getPreloader()(EDIT_EVENT_ROUTE_QUERY, { variables: { id: params.id ?? '' } }) };
}

export function EditEventRoute() {
  const { queryRef } = useLoaderData<typeof loader>();
  return <EditEvent queryRef={queryRef} />;
}

// The create wizard, prefilled; only the host may edit, and only before the start.
function EditEvent({ queryRef }: { queryRef: QueryRef<EditEventRouteQuery> }) {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  useDocumentTitle(t('edit.title'));
  const { event } = useReadQuery(queryRef).data;
  const [update, { loading }] = useUpdateEventMutation();
  const [initial] = useState(() => (event ? valuesFromEvent(event) : null));
  // An occurrence of a series: this date only, or this and the following (issue 27, ADR 048).
  const [scope, setScope] = useState<SeriesScope>('THIS');

  if (!event || !initial) return <EventNotFound />;
  const detailsUrl = `/dashboard/eventDetails/${event.id}`;
  const blocked =
    event.viewerRole !== 'HOST'
      ? t('edit.notHost')
      : event.status !== 'UPCOMING'
        ? t('edit.notUpcoming')
        : null;

  const save = async (values: WizardValues) => {
    try {
      const input = { ...toUpdateInput(event.id, values), ...(event.series ? { scope } : {}) };
      // 'This and the following' keeps each date's own day: an unchanged date is not sent (the server
      // refuses any date with that scope, and says so if the host did change it).
      if (scope === 'FOLLOWING' && input.date === initial.date) delete input.date;
      await update({ variables: { input } });
      toast.success(t('wizard.updated'));
      void navigate(detailsUrl);
    } catch (error) {
      toast.error(userFacingMessage(error, t('wizard.updateFailed')));
    }
  };

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-white sm:text-3xl">{t('edit.title')}</h1>
        <Link to={detailsUrl} className={buttonClasses('ghost', 'sm')}>
          ← {t('edit.backToEvent')}
        </Link>
      </div>
      {blocked ? (
        <EmptyState
          emoji="🔒"
          title={blocked}
          text={event.title}
          action={
            <Link to={detailsUrl} className={buttonClasses('outline', 'md')}>
              {t('edit.backToEvent')}
            </Link>
          }
        />
      ) : (
        <Card className="flex flex-col gap-4">
          {event.series ? <SeriesScopeChoice value={scope} onChange={setScope} action="edit" /> : null}
          <EventWizard
            headingLevel={2}
            kind="edit"
            initial={initial}
            submitting={loading}
            onSubmit={(values) => void save(values)}
            LocationPicker={LazyLocationPicker}
            mapCenter={initial.location}
          />
        </Card>
      )}
    </section>
  );
}
