import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '#client/components/ui/Button.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { getAuth } from '#client/features/auth/auth.ts';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { signInErrorMessage } from '#client/features/auth/cognitoErrors.ts';
import { GoogleSignIn } from '#client/features/auth/GoogleButton.tsx';
import { takePrefilledEmail } from '#client/features/auth/prefilledEmail.ts';
import { EmailInput } from '#client/features/auth/EmailInput.tsx';
import { takeReturnTo } from '#client/features/auth/returnTo.ts';

export function LoginRoute() {
  const { t } = useI18n();
  const toast = useToast();
  const [params] = useSearchParams();
  useDocumentTitle(t('signIn.pageTitle'));

  const [email, setEmail] = useState(() => takePrefilledEmail() ?? '');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);

  // Sent here because the session could not be renewed (ADR 060); a plain sign-out says nothing.
  const sessionExpired = params.get('session') === 'expired';

  const verifiedShown = useRef(false);
  useEffect(() => {
    if (params.get('verified') === 'true' && !verifiedShown.current) {
      verifiedShown.current = true;
      toast.success(t('signIn.verified'), { id: 'verified' });
    }
  }, [params, toast, t]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLoading(true);
    try {
      await getAuth().session.signIn(email.trim(), password);
      toast.success(t('signIn.success'), { persist: true });
      // The spec: go to the dashboard and reload the page; a shared link's page first (ADR 049).
      window.location.assign(takeReturnTo() ?? '/dashboard/physical');
    } catch (error) {
      toast.error(signInErrorMessage(error, t));
      setLoading(false);
    }
  };

  return (
    <LoginPage
      email={email}
      onEmail={setEmail}
      password={password}
      onPassword={setPassword}
      loading={loading}
      sessionExpired={sessionExpired}
      google={<GoogleSignIn disabled={loading} />}
      onSubmit={(event) => void onSubmit(event)}
    />
  );
}

type LoginPageProps = {
  email: string;
  onEmail: (value: string) => void;
  password: string;
  onPassword: (value: string) => void;
  loading: boolean;
  sessionExpired: boolean;
  google: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

// The sign-in page as drawn, from its state: the route gives it the live form, the build renders it
// empty and inert as the page's first screen (app/FirstScreen.tsx, ADR 050).
export function LoginPage(props: LoginPageProps) {
  const { t } = useI18n();
  const { email, password, loading } = props;
  return (
    <AuthShell wide>
      <div className="grid items-center gap-8 lg:grid-cols-2 lg:gap-14">
        <WelcomePanel />
        <AuthCard className="order-first mx-auto w-full max-w-md lg:order-none">
          <h1 className="text-2xl font-bold text-white">{t('signIn.title')}</h1>
          <p className="mt-1 text-sm text-ink-300">{t('signIn.subtitle')}</p>
          {props.sessionExpired ? (
            <p
              role="status"
              className="mt-4 rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm font-medium text-amber-100"
            >
              {t('signIn.sessionExpired')}
            </p>
          ) : null}
          {props.google}
          <form onSubmit={props.onSubmit} className="flex flex-col gap-4" noValidate={false}>
            <EmailInput value={email} onChange={props.onEmail} disabled={loading} />
            <Input
              label={t('common.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              revealable
              value={password}
              onChange={(e) => props.onPassword(e.target.value)}
              placeholder={t('signIn.passwordPlaceholder')}
              disabled={loading}
            />
            <div className="-mt-1 flex justify-end">
              <Link to="/forgot-password" className="text-sm font-medium text-accent-400 hover:text-pop-400">
                {t('signIn.forgot')}
              </Link>
            </div>
            <Button type="submit" size="lg" fullWidth loading={loading} loadingText={t('signIn.submitting')}>
              {t('signIn.submit')}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-ink-300">
            {t('signIn.noAccount')}{' '}
            <Link to="/register" className="font-semibold text-accent-400 hover:text-pop-400">
              {t('signIn.register')}
            </Link>
          </p>
        </AuthCard>
      </div>
    </AuthShell>
  );
}

function WelcomePanel() {
  const { t } = useI18n();
  return (
    <section className="relative overflow-hidden rounded-3xl border border-accent-500/20 bg-gradient-to-br from-accent-600/25 via-ink-850/60 to-pop-500/20 p-6 sm:p-10">
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-16 size-56 rounded-full bg-pop-500/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-20 -left-10 size-56 rounded-full bg-accent-500/25 blur-3xl"
      />
      <div className="relative flex flex-col gap-5">
        <span className="w-fit rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-ink-100 uppercase">
          {t('signIn.welcome.badge')} · Squad
        </span>
        <h2 className="text-2xl leading-tight font-extrabold text-white sm:text-4xl lg:text-5xl">
          <span className="text-gradient">{t('signIn.welcome.headline')}</span>{' '}
          <span aria-hidden="true">👋</span>
        </h2>
        <p className="max-w-md text-base text-ink-200 sm:text-lg">{t('signIn.welcome.text')}</p>
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:gap-4 lg:max-w-sm">
          <Stat value={t('signIn.stat.online.value')} label={t('signIn.stat.online.label')} />
          <Stat value={t('signIn.stat.fun.value')} label={t('signIn.stat.fun.label')} />
        </dl>
      </div>
    </section>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-ink-900/50 p-4">
      <dd className="text-3xl font-extrabold text-white">{value}</dd>
      <dt className="text-sm text-ink-300">{label}</dt>
    </div>
  );
}
