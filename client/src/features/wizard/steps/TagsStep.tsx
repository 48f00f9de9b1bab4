import { Chip } from '#client/components/ui/Chip.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { categoriesOf, type Catalog } from '#client/features/wizard/useWizardCatalog.ts';
import type { StepProps } from '#client/features/wizard/steps/stepProps.ts';

// Step 3: up to the server's tagsMax tags, the chosen category's first and the others folded away.
export function TagsStep({ values, update, showErrors, catalog }: StepProps & { catalog: Catalog }) {
  const { t } = useI18n();
  const MAX_TAGS = catalog.limits.tagsMax;
  const categories = categoriesOf(catalog, values.mode);
  const own = categories.find((c) => c.id === values.category);
  const others = categories.filter((c) => c !== own);
  const toggleTag = (tag: string) => {
    if (values.tags.includes(tag)) update({ tags: values.tags.filter((x) => x !== tag) });
    else if (values.tags.length < MAX_TAGS) update({ tags: [...values.tags, tag] });
  };
  const group = (title: string, tags: readonly { id: string; label: string }[]) => (
    <div className="flex flex-col gap-2" key={title}>
      <h4 className="text-xs font-semibold tracking-wide text-ink-300 uppercase">{title}</h4>
      <div className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <Chip
            key={tag.id}
            selected={values.tags.includes(tag.id)}
            onClick={() => toggleTag(tag.id)}
            disabled={!values.tags.includes(tag.id) && values.tags.length >= MAX_TAGS}
          >
            #{tag.label}
          </Chip>
        ))}
      </div>
    </div>
  );
  return (
    <div className="flex flex-col gap-4">
      <p className={cn('text-sm', showErrors && values.tags.length === 0 ? 'text-rose-300' : 'text-ink-300')}>
        {t('wizard.tagsHint')} ({values.tags.length}/{MAX_TAGS})
      </p>
      {own ? group(own.label, own.tags) : null}
      <details className="group rounded-xl border border-ink-700 bg-ink-850/40 p-3" open={!own}>
        <summary className="cursor-pointer text-sm font-semibold text-ink-200">
          {t('wizard.tagsOther')}
        </summary>
        <div className="mt-3 flex flex-col gap-4">{others.map((c) => group(c.label, c.tags))}</div>
      </details>
    </div>
  );
}
