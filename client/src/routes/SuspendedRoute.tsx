import { ApolloProvider, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getApolloClient } from '#client/app/apolloClient.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { getAuth, signOutEverywhere } from '#client/features/auth/auth.ts';
import { sessionEndedBySuspension } from '#client/features/auth/sessionEnd.ts';
import {
  ACCOUNT_STANDING_CHANGED_SUBSCRIPTION,
  ACCOUNT_STANDING_QUERY,
  AccountStanding,
} from '#client/features/moderation/AccountStanding.tsx';
import { readSuspension, type StoredSuspension } from '#client/features/moderation/suspensionNotice.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

// /suspended: where a suspended user lands (ADR 039). With a session the server still accepts for the
// two fields a suspended user may read, it shows the reason, the end and the appeal; when the session
// was revoked by the suspension, what the API said last, and a way to sign in again to appeal. A
// moderator's decision arrives live (ADR 057): an accepted appeal turns the page into "open again".
export function SuspendedRoute() {
  const { t } = useI18n();
  const [lifted, setLifted] = useState(false);
  // Whatever this page's requests are refused from now on is the suspension, not an expiry (ADR 060).
  useState(sessionEndedBySuspension);
  useDocumentTitle(t(lifted ? 'suspended.liftedDocTitle' : 'suspended.docTitle'));
  const hasSession = getAuth().session.hasSession();
  return (
    <AuthShell>
      <AuthCard className="flex flex-col gap-4">
        <span aria-hidden="true" className="text-4xl">
          {lifted ? '✅' : '⛔'}
        </span>
        <h1 className="text-2xl font-extrabold text-white" data-testid="suspended-title">
          {t(lifted ? 'suspended.liftedTitle' : 'suspended.title')}
        </h1>
        {hasSession ? (
          <ApolloProvider client={getApolloClient()}>
            <WithSession lifted={lifted} onLifted={() => setLifted(true)} />
          </ApolloProvider>
        ) : (
          <Details notice={readSuspension()} signedIn={false} />
        )}
      </AuthCard>
    </AuthShell>
  );
}

function WithSession({ lifted, onLifted }: { lifted: boolean; onLifted: () => void }) {
  const { t } = useI18n();
  const { data, loading, error } = useQuery(ACCOUNT_STANDING_QUERY, { fetchPolicy: 'network-only' });
  // A decision pushed over the socket replaces what the page shows (the appeal's status too).
  useSubscription(ACCOUNT_STANDING_CHANGED_SUBSCRIPTION, {
    skip: !data?.accountStanding,
    onData: ({ client, data: pushed }) => {
      const standing = pushed.data?.accountStandingChanged;
      if (!standing) return;
      // Told first, so the lift renders as "open again", not as a redirect.
      if (!standing.suspended) onLifted();
      client.writeQuery({ query: ACCOUNT_STANDING_QUERY, data: { accountStanding: standing } });
    },
  });
  const standing = data?.accountStanding;
  // Lifted while this page was open: said here, not jumped over.
  const liftedNow = lifted && !!standing && !standing.suspended;
  // The suspension revoked this session: forget it here, the stored notice says why.
  useEffect(() => {
    if (error) getAuth().session.set(null);
  }, [error]);
  if (loading && !data) return <Spinner />;
  if (!standing) return <Details notice={readSuspension()} signedIn={false} />;
  if (liftedNow)
    return (
      <div className="flex flex-col gap-3" data-testid="suspension-lifted">
        <p className="text-ink-100">{t('suspended.lifted')}</p>
        <a href="/dashboard/physical" className={buttonClasses('primary', 'md', 'self-start')}>
          {t('suspended.continue')}
        </a>
      </div>
    );
  if (!standing.suspended) {
    window.location.replace('/dashboard/physical');
    return null;
  }
  return (
    <>
      <Details notice={{ reason: standing.suspensionReason, until: standing.suspendedUntil }} signedIn />
      <AccountStanding />
    </>
  );
}

function Details({ notice, signedIn }: { notice: StoredSuspension | null; signedIn: boolean }) {
  const { t, fmt } = useI18n();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      {notice?.reason ? (
        <>
          <p className="font-semibold text-white">
            {notice.until
              ? t('suspended.until', { date: fmt.dateTime(notice.until) })
              : t('suspended.forGood')}
          </p>
          <div className="rounded-xl bg-ink-900/70 px-3 py-2">
            <p className="text-xs text-ink-400">{t('suspended.reason')}</p>
            <p className="text-ink-100" data-testid="suspension-reason">
              {notice.reason}
            </p>
          </div>
        </>
      ) : (
        <p className="text-ink-200">{t('suspended.unknown')}</p>
      )}
      <p className="text-sm text-ink-300">{t('suspended.help')}</p>
      {signedIn ? (
        <Button
          variant="outline"
          className="self-start"
          loading={leaving}
          onClick={async () => {
            setLeaving(true);
            await signOutEverywhere();
            window.location.assign('/login');
          }}
        >
          {t('suspended.signOut')}
        </Button>
      ) : (
        <Link to="/login" className={buttonClasses('primary', 'md', 'self-start')}>
          {t('suspended.signIn')}
        </Link>
      )}
    </div>
  );
}
