import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { getConfig } from '#client/lib/config.ts';
import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';
import { takeReturnTo } from '#client/features/auth/returnTo.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { getAuth } from '#client/features/auth/auth.ts';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { CognitoError } from '#client/features/auth/cognitoClient.ts';
import {
  callbackErrorCode,
  exchangeGoogleCode,
  GOOGLE_STATE,
  GoogleAuthError,
} from '#client/features/auth/googleSignIn.ts';
import { sessionFromResult } from '#client/features/auth/sessionStore.ts';
import { StatusPanel } from '#client/features/auth/StatusPanel.tsx';
import { SupportHelp } from '#client/features/auth/SupportHelp.tsx';
import { useProgress } from '#client/features/auth/useProgress.ts';

const ERROR_DELAY_MS = 1000;
const SESSION_READ_DELAY_MS = 1500;
const SUCCESS_REDIRECT_MS = 2500;
const PROVIDER_ERROR_REDIRECT_MS = 5000;
const FAILURE_REDIRECT_MS = 6000;

type State =
  { status: 'loading' } | { status: 'success' } | { status: 'error'; message: MessageKey | { text: string } };

function failureMessage(error: unknown): MessageKey {
  if (error instanceof GoogleAuthError) {
    return {
      missingCode: 'googleAuth.error.missingCode',
      exchange: 'googleAuth.error.exchange',
      authenticate: 'googleAuth.error.authenticate',
      network: 'googleAuth.error.network',
    }[error.code] as MessageKey;
  }
  if (error instanceof CognitoError && error.code === 'NetworkError') return 'googleAuth.error.network';
  if (error instanceof TypeError) return 'googleAuth.error.network';
  // Anything else (an identity service's own words, an error name) becomes our own text.
  return 'googleAuth.error.authenticate';
}

// Exchanges the code, stores the session and reads the user once; returns when signed in.
async function completeSignIn(code: string, wait: (ms: number) => Promise<void>): Promise<void> {
  const { cognito: cognitoConfig } = getConfig();
  const result = await exchangeGoogleCode(cognitoConfig, code);
  const { session, cognito } = getAuth();
  const stored = sessionFromResult(result, 'google', Date.now());
  await wait(SESSION_READ_DELAY_MS);
  try {
    await cognito.getUser(stored.accessToken);
  } catch (error) {
    if (error instanceof CognitoError && error.code === 'NetworkError') throw error;
    throw new GoogleAuthError('authenticate', 'Failed to authenticate');
  }
  session.set(stored);
}

const completions = new Map<string, Promise<void>>();

export function GoogleAuthRoute() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle(t('googleAuth.pageTitle'));
  const code = params.get('code');
  const providerError = params.get('error');
  const errorDescription = params.get('error_description');
  const state = params.get('state');
  const [view, setView] = useState<State>({ status: 'loading' });
  const progress = useProgress(view.status === 'loading', view.status === 'success');

  useEffect(() => {
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (fn: () => void, ms: number) => timers.push(setTimeout(fn, ms));
    const fail = (message: State & { status: 'error' }, redirectMs: number) => {
      setView(message);
      later(() => void navigate('/login', { replace: true }), redirectMs);
    };

    if (providerError) {
      // The identity service's own failures come back this way too: a code Google refused is the
      // spec's 'Failed to authenticate', an unreachable Google its 'Failed to exchange code'.
      const kind = callbackErrorCode(errorDescription);
      const message =
        kind === 'provider' ? 'googleAuth.error.provider' : failureMessage(new GoogleAuthError(kind, ''));
      later(
        () =>
          fail(
            { status: 'error', message },
            kind === 'provider' ? PROVIDER_ERROR_REDIRECT_MS : FAILURE_REDIRECT_MS,
          ),
        ERROR_DELAY_MS,
      );
    } else if (!code || state !== GOOGLE_STATE) {
      later(
        () => fail({ status: 'error', message: 'googleAuth.error.missingCode' }, FAILURE_REDIRECT_MS),
        ERROR_DELAY_MS,
      );
    } else {
      // Process the code once, even when StrictMode mounts the effect twice.
      let pending = completions.get(code);
      if (!pending) {
        pending = completeSignIn(code, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
        completions.set(code, pending);
      }
      pending.then(
        () => {
          if (cancelled) return;
          setView({ status: 'success' });
          toast.success(t('signIn.success'), { id: 'welcome' });
          later(
            () => void navigate(takeReturnTo() ?? '/dashboard/physical', { replace: true }),
            SUCCESS_REDIRECT_MS,
          );
        },
        (error: unknown) => {
          if (cancelled) return;
          fail({ status: 'error', message: failureMessage(error) }, FAILURE_REDIRECT_MS);
        },
      );
    }
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
    };
    // t and toast are stable per language; the flow runs once per callback URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, providerError, errorDescription, state, navigate]);

  return (
    <AuthShell>
      <AuthCard>
        {view.status === 'loading' ? (
          <StatusPanel
            tone="loading"
            emoji="🔐"
            title={t('googleAuth.loading.title')}
            text={t('googleAuth.loading.text')}
            progress={progress}
          />
        ) : null}
        {view.status === 'success' ? (
          <StatusPanel
            tone="success"
            emoji="🎉"
            title={t('googleAuth.success.title')}
            text={t('googleAuth.success.text')}
            progress={100}
          />
        ) : null}
        {view.status === 'error' ? (
          <StatusPanel
            tone="error"
            emoji="😕"
            title={t('googleAuth.error.title')}
            text={typeof view.message === 'string' ? t(view.message) : view.message.text}
          >
            <p className="text-sm text-ink-300">{t('googleAuth.error.redirect')}</p>
            <Link to="/register" className={buttonClasses('outline', 'md', 'w-full')}>
              {t('googleAuth.toRegister')}
            </Link>
            <SupportHelp />
          </StatusPanel>
        ) : null}
      </AuthCard>
    </AuthShell>
  );
}
