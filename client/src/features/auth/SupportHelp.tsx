import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const SUPPORT_EMAIL = 'destek@squad.app';

// "Sorun devam ederse destek@squad.app adresine yazabilirsin." with the address as a mailto link.
export function SupportHelp() {
  const { t } = useI18n();
  const [before, after] = t('common.supportHelp', { email: '\u0000' }).split('\u0000');
  return (
    <p className="text-xs text-ink-300">
      {before}
      <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-accent-400 hover:text-pop-400">
        {SUPPORT_EMAIL}
      </a>
      {after}
    </p>
  );
}
