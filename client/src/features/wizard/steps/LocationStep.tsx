import { useState, type ComponentType } from 'react';
import { Input } from '#client/components/ui/Input.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { LocationPick, LocationPickerProps } from '#client/lib/locationPicker.ts';
import { afterPick, type WizardValues } from '#client/features/wizard/wizardState.ts';
import { SkillSelect } from '#client/features/wizard/steps/SkillSelect.tsx';
import { VenueTypeField } from '#client/features/wizard/steps/VenueTypeField.tsx';
import type { StepProps } from '#client/features/wizard/steps/stepProps.ts';

// Step 5 of a physical event: the point on the map, the public location text, the place name, skill.
export function LocationStep({
  values,
  update,
  updateFrom,
  showErrors,
  LocationPicker,
  mapCenter,
}: StepProps & {
  updateFrom: (fn: (v: WizardValues) => Partial<WizardValues>) => void;
  LocationPicker: ComponentType<LocationPickerProps>;
  mapCenter: { lat: number; lng: number } | null;
}) {
  const { t } = useI18n();
  const [pending, setPending] = useState(false);
  const required = t('common.required');

  const onPick = (pick: LocationPick) => {
    setPending(pick.pending);
    updateFrom((v) => afterPick(v, pick));
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-300">{t('wizard.location.map')}</p>
      <LocationPicker value={values.location} onChange={onPick} center={mapCenter} />
      <div
        className={cn(
          'rounded-xl border px-3 py-2 text-sm',
          showErrors && !values.location ? 'border-rose-500/60 text-rose-300' : 'border-ink-700 text-ink-200',
        )}
        aria-live="polite"
        data-testid="picked-location"
      >
        <span className="font-semibold text-ink-300">{t('wizard.location.selected')}: </span>
        {values.location
          ? pending
            ? t('wizard.location.resolving')
            : values.address || `${values.location.lat.toFixed(6)}, ${values.location.lng.toFixed(6)}`
          : t('wizard.location.none')}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input
          label={`${t('wizard.location.public')} *`}
          value={values.publicLocation}
          maxLength={200}
          onChange={(e) =>
            update({ publicLocation: e.target.value, publicLocationTyped: e.target.value.trim() !== '' })
          }
          hint={
            values.publicLocation && !values.publicLocationTyped
              ? t('wizard.location.publicProposed')
              : t('wizard.location.publicHint')
          }
          error={showErrors && !values.publicLocation.trim() ? required : undefined}
        />
        <Input
          label={`${t('wizard.location.name')} *`}
          value={values.placeName}
          maxLength={200}
          onChange={(e) => update({ placeName: e.target.value })}
          hint={t('wizard.location.nameHint')}
          error={showErrors && !values.placeName.trim() ? required : undefined}
        />
      </div>
      <VenueTypeField
        value={values.venueType}
        onChange={(venueType) => update({ venueType })}
        showError={showErrors}
      />
      <SkillSelect value={values.skillLevel} onChange={(skillLevel) => update({ skillLevel })} />
    </div>
  );
}
