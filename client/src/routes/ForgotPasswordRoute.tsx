import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '#client/components/ui/Button.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { getAuth } from '#client/features/auth/auth.ts';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { sanitizeCode } from '#client/features/auth/codeInput.ts';
import {
  resendErrorMessage,
  resetErrorMessage,
  sendCodeErrorMessage,
} from '#client/features/auth/cognitoErrors.ts';
import { PasswordChecklist } from '#client/features/auth/PasswordChecklist.tsx';
import { RESET_RULES, resetFormValid } from '#client/features/auth/passwordRules.ts';
import { EmailInput } from '#client/features/auth/EmailInput.tsx';

type Step = 'initial' | 'code' | 'success';
const SUCCESS_REDIRECT_MS = 2000;

export function ForgotPasswordRoute() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  useDocumentTitle(t('forgot.pageTitle'));
  const checklistId = useId();

  const [step, setStep] = useState<Step>('initial');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (step !== 'success') return;
    const timer = setTimeout(() => void navigate('/login'), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [step, navigate]);

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLoading(true);
    try {
      await getAuth().cognito.forgotPassword(email.trim());
      toast.success(t('forgot.codeSent'));
      setStep('code');
    } catch (error) {
      toast.error(sendCodeErrorMessage(error, t));
    } finally {
      setLoading(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await getAuth().cognito.forgotPassword(email.trim());
      toast.success(t('forgot.resent'));
    } catch (error) {
      toast.error(resendErrorMessage(error, t));
    } finally {
      setResending(false);
    }
  };

  const reset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      toast.error(t('forgot.mismatch'));
      return;
    }
    if (!resetFormValid(password, confirmation, code)) return;
    setLoading(true);
    try {
      await getAuth().cognito.confirmForgotPassword(email.trim(), code, password);
      toast.success(t('forgot.success'));
      setStep('success');
    } catch (error) {
      const failure = resetErrorMessage(error, t);
      toast.error(failure.message);
      if (failure.restart) {
        setStep('initial');
        setCode('');
      }
    } finally {
      setLoading(false);
    }
  };

  const mismatch = confirmation !== '' && password !== confirmation;

  return (
    <AuthShell>
      <AuthCard>
        {step === 'initial' ? (
          <>
            <h1 className="text-2xl font-bold text-white">{t('forgot.title')}</h1>
            <p className="mt-1 text-sm text-ink-300">{t('forgot.subtitle')}</p>
            <form onSubmit={sendCode} className="mt-6 flex flex-col gap-4">
              <EmailInput value={email} onChange={setEmail} disabled={loading} />
              <Button
                type="submit"
                size="lg"
                fullWidth
                loading={loading}
                loadingText={t('forgot.sending')}
                disabled={!email.trim()}
              >
                {t('forgot.send')}
              </Button>
            </form>
            <BackToLogin />
          </>
        ) : null}

        {step === 'code' ? (
          <>
            <h1 className="text-2xl font-bold text-white">{t('forgot.code.title')}</h1>
            <p className="mt-1 text-sm break-words text-ink-300">
              {t('forgot.code.subtitle', { email: email.trim() })}
            </p>
            <form onSubmit={reset} className="mt-6 flex flex-col gap-4">
              <Input
                label={t('forgot.code.label')}
                name="one-time-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]{6}"
                required
                value={code}
                onChange={(e) => setCode(sanitizeCode(e.target.value))}
                placeholder="••••••"
                className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
                disabled={loading}
              />
              <div className="flex flex-col gap-2">
                <Input
                  label={t('forgot.newPassword')}
                  type="password"
                  name="new-password"
                  autoComplete="new-password"
                  required
                  revealable
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-describedby={checklistId}
                  disabled={loading}
                />
                <PasswordChecklist id={checklistId} password={password} rules={RESET_RULES} />
              </div>
              <Input
                label={t('forgot.confirmPassword')}
                type="password"
                name="confirm-password"
                autoComplete="new-password"
                required
                revealable
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
                error={mismatch ? t('forgot.mismatch') : undefined}
                disabled={loading}
              />
              <Button
                type="submit"
                size="lg"
                fullWidth
                loading={loading}
                loadingText={t('forgot.resetting')}
                disabled={!resetFormValid(password, confirmation, code)}
              >
                {t('forgot.reset')}
              </Button>
              <Button variant="ghost" onClick={resend} loading={resending} disabled={loading}>
                {t('forgot.resend')}
              </Button>
            </form>
            <BackToLogin />
          </>
        ) : null}

        {step === 'success' ? (
          <div className="flex flex-col items-center gap-4 text-center">
            <div
              aria-hidden="true"
              className="flex size-20 items-center justify-center rounded-full bg-emerald-500/20 text-4xl"
            >
              ✅
            </div>
            <h1 className="text-2xl font-bold text-white">{t('forgot.done.title')}</h1>
            <p className="text-ink-300">{t('forgot.done.text')}</p>
            <Button size="lg" fullWidth onClick={() => void navigate('/login')}>
              {t('forgot.done.button')}
            </Button>
          </div>
        ) : null}
      </AuthCard>
    </AuthShell>
  );
}

function BackToLogin() {
  const { t } = useI18n();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className="font-semibold text-accent-400 hover:text-pop-400">
        ← {t('forgot.backToLogin')}
      </Link>
    </p>
  );
}
