import { LoadingState } from '#client/app/LoadingState.tsx';
import { DashboardFrame } from '#client/features/dashboard/DashboardFrame.tsx';
import { DashboardHeader } from '#client/features/dashboard/DashboardHeader.tsx';
import { CreateFab } from '#client/features/events/CreateFab.tsx';
import { SearchRow } from '#client/features/events/SearchRow.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { GoogleSignInFace } from '#client/features/auth/GoogleButton.tsx';
import { LoginPage } from '#client/routes/LoginRoute.tsx';

const nothing = () => undefined;

// The physical dashboard as the app's first render draws it (no account data yet, the map and list
// still loading), made of the same components. Rendered to HTML at build time
// (client/scripts/build-first-screen.tsx); the server sends it inside index.html to a signed-in device,
// so the search row paints before the app's code has arrived (ADR 050). It is inert: nothing on it
// answers until the app has replaced it (no tap or typing is lost to a copy that goes away).
export function PhysicalFirstScreen() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-screen flex-col" data-first-screen="physical" inert>
      <DashboardFrame
        header={<DashboardHeader user={null} onOpenMenu={nothing} onCreateEvent={nothing} />}
        onLogout={nothing}
      >
        <section className="flex flex-col gap-4">
          <SearchRow
            value=""
            onChange={nothing}
            panelOpen={false}
            onTogglePanel={nothing}
            filterCount={0}
            placeholder={t('filters.search.physical')}
            panelId="physical-filter-panel"
          />
          <LoadingState />
          <CreateFab onClick={nothing} label={t('header.createEvent')} />
        </section>
      </DashboardFrame>
    </div>
  );
}

// The sign-in page as its route first draws it (an empty form), with or without Google as the server's
// identity provider has it. Sent to a device that is not signed in, so the welcome heading (the page's
// largest paint) shows before the app's code has arrived (ADR 050, round 3); inert like the dashboard's.
export function LoginFirstScreen({ google }: { google: boolean }) {
  return (
    <div data-first-screen="login" inert>
      <LoginPage
        email=""
        onEmail={nothing}
        password=""
        onPassword={nothing}
        loading={false}
        sessionExpired={false}
        google={google ? <GoogleSignInFace /> : <div className="mt-6" />}
        onSubmit={nothing}
      />
    </div>
  );
}
