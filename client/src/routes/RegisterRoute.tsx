import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';
import { getAuth } from '#client/features/auth/auth.ts';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { resendErrorMessage, signUpErrorMessage } from '#client/features/auth/cognitoErrors.ts';
import { GoogleSignIn } from '#client/features/auth/GoogleButton.tsx';
import { PasswordChecklist } from '#client/features/auth/PasswordChecklist.tsx';
import { passwordOk, SIGN_UP_RULES } from '#client/features/auth/passwordRules.ts';
import { rememberPrefilledEmail } from '#client/features/auth/prefilledEmail.ts';
import { rememberReferral } from '#client/lib/referral.ts';
import { EmailInput } from '#client/features/auth/EmailInput.tsx';

export function RegisterRoute() {
  const { t } = useI18n();
  const toast = useToast();
  useDocumentTitle(t('register.pageTitle'));
  const checklistId = useId();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // The 6-character rule is ours to say (spec's text), not the browser's bubble: shown once the user
  // leaves the field or tries to send with a shorter password.
  const [passwordTried, setPasswordTried] = useState(false);
  // An invitation link (/register?ref=CODE): kept until the new account first opens the dashboard.
  const [params] = useSearchParams();
  const referral = params.get('ref');
  useEffect(() => rememberReferral(referral), [referral]);

  const valid = email.trim() !== '' && passwordOk(password, SIGN_UP_RULES);
  const passwordError =
    passwordTried && password !== '' && !passwordOk(password, SIGN_UP_RULES)
      ? t('register.weakPassword')
      : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!passwordOk(password, SIGN_UP_RULES)) {
      setPasswordTried(true);
      toast.error(t('register.weakPassword'));
      return;
    }
    setLoading(true);
    const address = email.trim();
    try {
      await getAuth().cognito.signUp(address, password);
      rememberPrefilledEmail(address);
      toast.success(t('register.success'));
      setRegisteredEmail(address);
    } catch (error) {
      toast.error(signUpErrorMessage(error, t));
    } finally {
      setLoading(false);
    }
  };

  if (registeredEmail) return <Confirmation email={registeredEmail} />;

  return (
    <AuthShell>
      <AuthCard>
        <h1 className="text-2xl font-bold text-white">{t('register.title')}</h1>
        <p className="mt-1 text-sm text-ink-300">{t('register.subtitle')}</p>
        <GoogleSignIn disabled={loading} />
        <form
          onSubmit={onSubmit}
          noValidate
          // Enter with a short password: the disabled button sends nothing, so say why here.
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !passwordOk(password, SIGN_UP_RULES)) setPasswordTried(true);
          }}
          className="flex flex-col gap-4"
        >
          <EmailInput value={email} onChange={setEmail} disabled={loading} />
          <div className="flex flex-col gap-2">
            <Input
              label={t('common.password')}
              type="password"
              name="new-password"
              autoComplete="new-password"
              required
              minLength={6}
              revealable
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setPasswordTried(true)}
              error={passwordError}
              placeholder={t('register.passwordPlaceholder')}
              aria-describedby={checklistId}
              disabled={loading}
            />
            <PasswordChecklist id={checklistId} password={password} rules={SIGN_UP_RULES} />
          </div>
          <p className="text-xs text-ink-300">
            {renderConsent(t('register.consent'), {
              terms: (
                <a
                  href="/terms"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-accent-400 underline-offset-2 hover:underline"
                >
                  {t('register.terms')}
                </a>
              ),
              privacy: (
                <a
                  href="/privacy"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-accent-400 underline-offset-2 hover:underline"
                >
                  {t('register.privacy')}
                </a>
              ),
            })}
          </p>
          <Button
            type="submit"
            size="lg"
            fullWidth
            disabled={!valid}
            loading={loading}
            loadingText={t('register.submitting')}
          >
            {t('register.submit')}
          </Button>
          <p className="flex items-center justify-center gap-1.5 text-xs text-ink-300">
            <span aria-hidden="true">🔒</span>
            {t('register.ssl')}
          </p>
        </form>
        <p className="mt-6 text-center text-sm text-ink-300">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-accent-400 hover:text-pop-400">
            {t('register.signIn')}
          </Link>
        </p>
      </AuthCard>
    </AuthShell>
  );
}

// Splits "… {terms} … {privacy} …" around the link elements.
function renderConsent(template: string, parts: Record<string, ReactNode>) {
  return template.split(/(\{\w+\})/).map((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return <span key={index}>{name && parts[name] ? parts[name] : piece}</span>;
  });
}

function Confirmation({ email }: { email: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const [resending, setResending] = useState(false);
  const steps = [
    { emoji: '📬', title: t('register.done.step1.title'), text: t('register.done.step1.text') },
    { emoji: '🔗', title: t('register.done.step2.title'), text: t('register.done.step2.text') },
    { emoji: '🚀', title: t('register.done.step3.title'), text: t('register.done.step3.text') },
  ];

  const resend = async () => {
    setResending(true);
    try {
      await getAuth().cognito.resendConfirmationCode(email);
      toast.success(t('register.done.resent'));
    } catch (error) {
      toast.error(resendErrorMessage(error, t));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthShell>
      <AuthCard>
        <h1 className="text-2xl font-bold text-white">{t('register.done.title')}</h1>
        <p className="mt-1 text-sm break-words text-ink-300">{t('register.done.subtitle', { email })}</p>
        <ol className="mt-6 flex flex-col gap-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-800/60 p-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-gradient text-lg"
              >
                {step.emoji}
              </span>
              <div>
                <p className="font-semibold text-white">
                  <span className="text-ink-300">{index + 1}. </span>
                  {step.title}
                </p>
                <p className="text-sm text-ink-300">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex flex-col gap-2">
          <Link to="/login" className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('register.done.toLogin')}
          </Link>
          <Button variant="ghost" onClick={resend} loading={resending}>
            {t('register.done.resend')}
          </Button>
        </div>
      </AuthCard>
    </AuthShell>
  );
}
