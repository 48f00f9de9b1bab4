import { useState, type ReactNode } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { startGoogleSignIn } from '#client/features/auth/googleSignIn.ts';
import { Divider } from '#client/features/auth/AuthShell.tsx';

// Google sign-in and the 'or with e-mail' divider, shown only when the identity provider has Google
// (the runtime configuration's features.googleSignIn): a button that fails every time is worse than
// none. Without it the e-mail form stands alone.
export function GoogleSignIn({ disabled }: { disabled?: boolean }) {
  const { t } = useI18n();
  if (!getConfig().features.googleSignIn) return <div className="mt-6" />;
  return <GoogleRow button={<GoogleButton disabled={disabled} />} label={t('signIn.orWithEmail')} />;
}

function GoogleRow({ button, label }: { button: ReactNode; label: string }) {
  return (
    <>
      <div className="mt-6">{button}</div>
      <Divider label={label} />
    </>
  );
}

function GoogleButton({ disabled }: { disabled?: boolean }) {
  const { t } = useI18n();
  const toast = useToast();
  const [redirecting, setRedirecting] = useState(false);
  const config = getConfig();

  const onClick = async () => {
    setRedirecting(true);
    toast.loading(t('google.redirecting'), { id: 'google-redirect' });
    try {
      // The spec's toast before the redirect: let it reach the screen before the page is left.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await startGoogleSignIn(config.cognito);
    } catch {
      toast.error(t('google.unavailable'), { id: 'google-redirect' });
      setRedirecting(false);
    }
  };

  return <GoogleButtonFace onClick={() => void onClick()} loading={redirecting} disabled={disabled} />;
}

function GoogleButtonFace(props: { onClick?: () => void; loading?: boolean; disabled?: boolean }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1.5">
      <Button variant="outline" size="lg" fullWidth {...props}>
        <GoogleIcon />
        {t('google.button')}
      </Button>
    </div>
  );
}

// GoogleSignIn as drawn when Google is on, without its config or toasts: for the sign-in page's first
// screen, which is inert (app/FirstScreen.tsx).
export function GoogleSignInFace() {
  const { t } = useI18n();
  return <GoogleRow button={<GoogleButtonFace />} label={t('signIn.orWithEmail')} />;
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.2 14.6 2.2 12 2.2 6.6 2.2 2.3 6.6 2.3 12s4.3 9.8 9.7 9.8c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12Z"
      />
      <path
        fill="#4285F4"
        d="M21.3 12.3c0-.6-.1-1.1-.2-1.6H12v3.9h5.5c-.3 1.4-1.1 2.5-2.3 3.3l3.5 2.7c2-1.9 2.6-4.7 2.6-8.3Z"
      />
      <path
        fill="#FBBC05"
        d="M6.3 14.3A6 6 0 0 1 6 12c0-.8.1-1.6.4-2.3L3.1 7.2A9.8 9.8 0 0 0 2.3 12c0 1.6.4 3.1 1.1 4.4l2.9-2.1Z"
      />
      <path
        fill="#34A853"
        d="M12 21.8c2.6 0 4.8-.9 6.4-2.4l-3.5-2.7c-.9.6-2 1-3 1-2.4 0-4.6-1.6-5.4-3.9l-3.2 2.4c1.6 3.2 4.9 5.6 8.7 5.6Z"
      />
    </svg>
  );
}
