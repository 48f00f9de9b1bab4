import { Input } from '#client/components/ui/Input.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

// The e-mail field of the sign-in, register and forgot-password forms.
export function EmailInput({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Input
      label={t('common.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('common.emailPlaceholder')}
      disabled={disabled}
    />
  );
}
