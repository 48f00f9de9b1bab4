import { Chip } from '#client/components/ui/Chip.tsx';
import { Slider } from '#client/components/ui/Slider.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { SERIES_MAX, SERIES_MIN } from '#client/features/wizard/wizardState.ts';
import type { StepProps } from '#client/features/wizard/steps/stepProps.ts';

// Step 4 of a new event: repeat it weekly or every two weeks (ADR 048), for how many dates.
export function RepeatField({ values, update }: Omit<StepProps, 'showErrors'>) {
  const { t } = useI18n();
  const options = [
    { value: null, label: t('wizard.repeat.none') },
    { value: 'WEEKLY', label: t('series.weekly') },
    { value: 'BIWEEKLY', label: t('series.biweekly') },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-3" data-testid="wizard-repeat">
      <legend className="mb-2 text-sm font-medium text-ink-200">🔁 {t('wizard.repeat.label')}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <Chip
            key={o.label}
            selected={values.repeat === o.value}
            onClick={() => update({ repeat: o.value })}
          >
            {o.label}
          </Chip>
        ))}
      </div>
      {values.repeat ? (
        <>
          <Slider
            label={t('wizard.repeat.count')}
            min={SERIES_MIN}
            max={SERIES_MAX}
            value={values.repeatCount}
            onValueChange={(repeatCount) => update({ repeatCount })}
            valueText={String(values.repeatCount)}
          />
          <p className="text-xs text-ink-300">{t('wizard.repeat.hint')}</p>
        </>
      ) : null}
    </fieldset>
  );
}
