import { useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { changePassword } from '#client/features/auth/auth.ts';
import { changePasswordErrorMessage } from '#client/features/auth/cognitoErrors.ts';
import { PasswordChecklist } from '#client/features/auth/PasswordChecklist.tsx';
import { passwordOk, RESET_RULES } from '#client/features/auth/passwordRules.ts';

// Settings: a new password through the identity provider (Cognito's ChangePassword), held to the
// same rules as a reset.
export function ChangePasswordForm() {
  const { t } = useI18n();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const mismatch = confirmation.length > 0 && confirmation !== next;
  const valid = current.length > 0 && passwordOk(next, RESET_RULES) && next === confirmation;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    try {
      await changePassword(current, next);
      toast.success(t('settings.password.done'));
      setCurrent('');
      setNext('');
      setConfirmation('');
    } catch (error) {
      toast.error(changePasswordErrorMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} data-testid="change-password">
      <Input
        label={t('settings.password.current')}
        type="password"
        revealable
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Input
        label={t('settings.password.new')}
        type="password"
        revealable
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        aria-describedby="new-password-rules"
      />
      <PasswordChecklist password={next} rules={RESET_RULES} id="new-password-rules" />
      <Input
        label={t('settings.password.confirm')}
        type="password"
        revealable
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={mismatch ? t('settings.password.mismatch') : undefined}
      />
      <p className="text-xs text-ink-300">{t('settings.password.google')}</p>
      <Button type="submit" className="self-start" loading={saving} disabled={!valid}>
        {t('settings.password.save')}
      </Button>
    </form>
  );
}
