import type { VoiceChat } from '#client/__generated__/graphql.ts';
import { Chip } from '#client/components/ui/Chip.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { Catalog } from '#client/features/wizard/useWizardCatalog.ts';
import { SkillSelect } from '#client/features/wizard/steps/SkillSelect.tsx';
import type { StepProps } from '#client/features/wizard/steps/stepProps.ts';

const VOICES: readonly VoiceChat[] = ['REQUIRED', 'OPTIONAL', 'NOT_REQUIRED'];

// Step 5 of an online event: platform, voice chat, skill, language, requirements.
export function PlatformStep({ values, update, showErrors, catalog }: StepProps & { catalog: Catalog }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink-200">{t('wizard.platform')} *</legend>
        <div className="flex flex-wrap gap-2">
          {catalog.platforms.map((platform) => (
            <Chip
              key={platform.id}
              selected={values.platform === platform.id}
              onClick={() => update({ platform: platform.id })}
            >
              {platform.label}
            </Chip>
          ))}
        </div>
        {showErrors && !values.platform ? (
          <p className="text-sm text-rose-400" role="alert">
            {t('common.required')}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink-200">{t('wizard.voice')}</legend>
        <div className="flex flex-wrap gap-2">
          {VOICES.map((voice) => (
            <Chip
              key={voice}
              selected={values.voiceChat === voice}
              onClick={() => update({ voiceChat: values.voiceChat === voice ? null : voice })}
            >
              {voice === 'REQUIRED' ? '🎙️ ' : ''}
              {t(`voice.${voice}`)}
            </Chip>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SkillSelect value={values.skillLevel} onChange={(skillLevel) => update({ skillLevel })} />
        <Select
          label={t('wizard.language')}
          value={values.language}
          onChange={(e) => update({ language: e.target.value === 'en' ? 'en' : 'tr' })}
        >
          <option value="tr">{t('wizard.language.tr')}</option>
          <option value="en">{t('wizard.language.en')}</option>
        </Select>
      </div>
      <Textarea
        label={t('wizard.requirements')}
        value={values.requirements}
        maxLength={500}
        placeholder={t('wizard.requirementsPlaceholder')}
        onChange={(e) => update({ requirements: e.target.value })}
        className="[&_textarea]:min-h-20"
      />
    </div>
  );
}
