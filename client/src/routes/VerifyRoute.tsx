import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { getAuth } from '#client/features/auth/auth.ts';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { verifyErrorMessage } from '#client/features/auth/cognitoErrors.ts';
import { SupportHelp } from '#client/features/auth/SupportHelp.tsx';
import { StatusPanel } from '#client/features/auth/StatusPanel.tsx';
import { useProgress } from '#client/features/auth/useProgress.ts';

const CONFIRM_DELAY_MS = 1500;
const SUCCESS_REDIRECT_MS = 2500;
const ERROR_DELAY_MS = 1000;
const MISSING_REDIRECT_MS = 5000;
const FAILED_REDIRECT_MS = 6000;

// `error` is what the confirmation threw, or 'missing' when the link lacks its parameters.
type State = { status: 'loading' } | { status: 'success' } | { status: 'error'; error: unknown };

// One confirmation per link, even if the effect runs twice.
const confirmations = new Map<string, Promise<unknown>>();
function confirmOnce(username: string, code: string) {
  const key = `${username}\n${code}`;
  let pending = confirmations.get(key);
  if (!pending) {
    pending = getAuth().cognito.confirmSignUp(username, code);
    confirmations.set(key, pending);
  }
  return pending;
}

export function VerifyRoute() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle(t('verify.pageTitle'));
  const username = params.get('username') ?? '';
  const code = params.get('code') ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const progress = useProgress(state.status === 'loading', state.status === 'success');

  useEffect(() => {
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (fn: () => void, ms: number) => timers.push(setTimeout(fn, ms));

    if (!username || !code) {
      later(() => {
        setState({ status: 'error', error: 'missing' });
        later(() => void navigate('/register'), MISSING_REDIRECT_MS);
      }, ERROR_DELAY_MS);
    } else {
      later(() => {
        confirmOnce(username, code).then(
          () => {
            if (cancelled) return;
            setState({ status: 'success' });
            later(() => void navigate('/login?verified=true'), SUCCESS_REDIRECT_MS);
          },
          (error: unknown) => {
            if (cancelled) return;
            later(() => {
              setState({ status: 'error', error });
              later(() => void navigate('/register'), FAILED_REDIRECT_MS);
            }, ERROR_DELAY_MS);
          },
        );
      }, CONFIRM_DELAY_MS);
    }
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
  }, [username, code, navigate]);

  useEffect(() => {
    if (state.status === 'success') toast.success(t('verify.toast'), { id: 'verified' });
    // Only when the state changes, not on a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status]);

  return (
    <AuthShell>
      <AuthCard>
        {state.status === 'loading' ? (
          <StatusPanel
            tone="loading"
            emoji="📧"
            title={t('verify.loading.title')}
            text={t('verify.loading.text')}
            progress={progress}
          />
        ) : null}
        {state.status === 'success' ? (
          <StatusPanel
            tone="success"
            emoji="🎉"
            title={t('verify.success.title')}
            text={t('verify.success.text')}
            progress={100}
          />
        ) : null}
        {state.status === 'error' ? (
          <StatusPanel
            tone="error"
            emoji="😕"
            title={t('verify.error.title')}
            text={state.error === 'missing' ? t('verify.error.missing') : verifyErrorMessage(state.error, t)}
          >
            <p className="text-sm text-ink-300">{t('verify.error.redirect')}</p>
            <div className="flex w-full flex-col gap-2 sm:flex-row">
              <Link to="/register" className={buttonClasses('primary', 'md', 'sm:flex-1')}>
                {t('verify.toRegister')}
              </Link>
              <Link to="/login" className={buttonClasses('outline', 'md', 'sm:flex-1')}>
                {t('verify.toLogin')}
              </Link>
            </div>
            <SupportHelp />
          </StatusPanel>
        ) : null}
      </AuthCard>
    </AuthShell>
  );
}
