import { Input } from '#client/components/ui/Input.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { categoriesOf, type Catalog } from '#client/features/wizard/useWizardCatalog.ts';
import type { StepProps } from '#client/features/wizard/steps/stepProps.ts';

// Step 2: title, description and category.
export function BasicsStep({ values, update, showErrors, catalog }: StepProps & { catalog: Catalog }) {
  const { t } = useI18n();
  const { titleMin, titleMax, descriptionMin, descriptionMax } = catalog.limits;
  const required = t('common.required');
  const titleShort = values.title.trim().length < titleMin;
  const descriptionShort = values.description.trim().length < descriptionMin;
  return (
    <div className="flex flex-col gap-4">
      <Input
        label={`${t('wizard.titleField')} *`}
        value={values.title}
        maxLength={titleMax}
        placeholder={t('wizard.titlePlaceholder')}
        onChange={(e) => update({ title: e.target.value })}
        hint={t('wizard.titleHint')}
        error={showErrors && titleShort ? required : undefined}
        autoFocus
      />
      <Textarea
        label={`${t('wizard.description')} *`}
        value={values.description}
        maxLength={descriptionMax}
        placeholder={t('wizard.descriptionPlaceholder')}
        onChange={(e) => update({ description: e.target.value })}
        hint={`${t('wizard.descriptionHint')} · ${values.description.length}/${descriptionMax}`}
        error={showErrors && descriptionShort ? required : undefined}
      />
      <Select
        label={`${t('wizard.category')} *`}
        value={values.category}
        onChange={(e) => {
          const category = e.target.value;
          // Tags of the previous category stay only when the new one offers them too.
          const offered = new Set(
            categoriesOf(catalog, values.mode).flatMap((c) => c.tags.map((tag) => tag.id)),
          );
          update({ category, tags: values.tags.filter((tag) => offered.has(tag)) });
        }}
        error={showErrors && !values.category ? required : undefined}
      >
        <option value="">{t('wizard.chooseCategory')}</option>
        {categoriesOf(catalog, values.mode).map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
