import type { SkillLevel } from '#client/__generated__/graphql.ts';
import { Select } from '#client/components/ui/Select.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

const SKILLS: readonly SkillLevel[] = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED', 'PRO'];

// The skill level, in the location step (physical) and the platform step (online).
export function SkillSelect({
  value,
  onChange,
}: {
  value: SkillLevel | null;
  onChange: (v: SkillLevel | null) => void;
}) {
  const { t } = useI18n();
  return (
    <Select
      label={t('wizard.skill')}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || null) as SkillLevel | null)}
    >
      <option value="">{t('wizard.skill.none')}</option>
      {SKILLS.map((s) => (
        <option key={s} value={s}>
          {t(`skill.${s}`)}
        </option>
      ))}
    </Select>
  );
}
