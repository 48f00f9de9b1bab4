import { Select } from '#client/components/ui/Select.tsx';
import { Switch } from '#client/components/ui/Switch.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { AutoApproval } from '#client/features/wizard/wizardState.ts';
import type { StepProps } from '#client/features/wizard/steps/stepProps.ts';

const OFF_RULES: AutoApproval = {
  verifiedEmail: true,
  sameCity: false,
  friendsOnly: false,
  minRating: null,
  minReliability: null,
};

// The host's automatic approval rules (ADR 045), on the preview step.
export function AutoApprovalField({ values, update }: Omit<StepProps, 'showErrors'>) {
  const { t } = useI18n();
  const rules = values.autoApproval;
  const set = (patch: Partial<AutoApproval>) =>
    update({ autoApproval: { ...(rules ?? OFF_RULES), ...patch } });
  const toggle = (key: 'verifiedEmail' | 'sameCity' | 'friendsOnly', label: string) => (
    <label className="flex items-center justify-between gap-3 text-sm text-ink-100">
      {label}
      <Switch checked={rules?.[key] ?? false} onChange={(e) => set({ [key]: e.target.checked })} />
    </label>
  );
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850/60 p-4"
      data-testid="wizard-auto-approval"
    >
      <label className="flex items-center justify-between gap-3 font-semibold text-white">
        ⚡ {t('wizard.auto.enable')}
        <Switch
          checked={rules !== null}
          onChange={(e) => update({ autoApproval: e.target.checked ? OFF_RULES : null })}
          data-testid="auto-approval-switch"
        />
      </label>
      <p className="text-xs text-ink-300">{t('wizard.auto.hint')}</p>
      {rules ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {toggle('verifiedEmail', t('wizard.auto.verifiedEmail'))}
          {toggle('sameCity', t('wizard.auto.sameCity'))}
          {toggle('friendsOnly', t('wizard.auto.friendsOnly'))}
          <Select
            label={t('wizard.auto.minRating')}
            value={rules.minRating == null ? '' : String(rules.minRating)}
            onChange={(e) => set({ minRating: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('wizard.auto.any')}</option>
            {[3, 3.5, 4, 4.5].map((r) => (
              <option key={r} value={r}>
                ★ {r}+
              </option>
            ))}
          </Select>
          <Select
            label={t('wizard.auto.minReliability')}
            value={rules.minReliability == null ? '' : String(rules.minReliability)}
            onChange={(e) => set({ minReliability: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('wizard.auto.any')}</option>
            {[50, 70, 80, 90].map((r) => (
              <option key={r} value={r}>
                %{r}+
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </section>
  );
}
