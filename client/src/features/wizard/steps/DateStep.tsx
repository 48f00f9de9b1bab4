import { Chip } from '#client/components/ui/Chip.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { Slider } from '#client/components/ui/Slider.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { QUICK_TIMES, quickTimeToDateTime, type QuickTime } from '#client/features/wizard/quickTime.ts';
import type { Catalog } from '#client/features/wizard/useWizardCatalog.ts';
import { capacityOf } from '#client/features/wizard/wizardState.ts';
import type { StepProps } from '#client/features/wizard/steps/stepProps.ts';
import { RepeatField } from '#client/features/wizard/steps/RepeatField.tsx';

// Step 4: when (quick starts for online events, or a date and time), how long, how many people.
export function DateStep({
  values,
  update,
  showErrors,
  catalog,
  today,
  repeatable = false,
}: StepProps & { catalog: Catalog; today: string; repeatable?: boolean }) {
  const { t, fmt } = useI18n();
  const online = values.mode === 'ONLINE';
  const custom = !online || values.quickTime === 'CUSTOM';
  const required = t('common.required');
  const pickQuick = (option: QuickTime) => {
    const at = quickTimeToDateTime(option, new Date());
    update(at ? { quickTime: option, ...at } : { quickTime: option });
  };
  const startDate = values.date ? fmt.date(`${values.date}T12:00:00Z`) : null;
  return (
    <div className="flex flex-col gap-5">
      {online ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-ink-200">{t('wizard.quickTime')} *</legend>
          <div className="flex flex-wrap gap-2">
            {QUICK_TIMES.map((option) => (
              <Chip key={option} selected={values.quickTime === option} onClick={() => pickQuick(option)}>
                {t(`wizard.quick.${option}`)}
              </Chip>
            ))}
          </div>
          {values.quickTime && values.quickTime !== 'CUSTOM' && startDate ? (
            <p className="text-sm font-semibold text-emerald-300" data-testid="quick-start">
              {t('wizard.quickResult', { date: startDate, time: values.time })}
            </p>
          ) : null}
          {showErrors && !values.quickTime ? (
            <p className="text-sm text-rose-400" role="alert">
              {required}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {custom ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input
            type="date"
            label={`${t('wizard.date')} *`}
            min={today}
            value={values.date}
            onChange={(e) => update({ date: e.target.value })}
            error={showErrors && (!values.date || values.date < today) ? required : undefined}
          />
          <Input
            type="time"
            label={`${t('wizard.time')} *`}
            value={values.time}
            onChange={(e) => update({ time: e.target.value })}
            error={showErrors && !values.time ? required : undefined}
          />
        </div>
      ) : null}
      <Select
        label={t('wizard.duration')}
        value={String(values.durationMinutes)}
        onChange={(e) => update({ durationMinutes: Number(e.target.value) })}
      >
        {catalog.durations.map((d) => (
          <option key={d.minutes} value={d.minutes}>
            {d.label}
          </option>
        ))}
      </Select>
      <Slider
        label={t('wizard.maxParticipants')}
        min={catalog.limits.participantsMin}
        max={catalog.limits.participantsMax}
        value={capacityOf(values, catalog.limits)}
        onValueChange={(maxParticipants) => update({ maxParticipants })}
        valueText={t('wizard.people', { count: capacityOf(values, catalog.limits) })}
      />
      {repeatable ? <RepeatField values={values} update={update} /> : null}
    </div>
  );
}
