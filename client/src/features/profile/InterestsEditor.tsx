import { useMemo, useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Chip } from '#client/components/ui/Chip.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useUpdateProfileMutation } from '#client/features/profile/useUpdateProfileMutation.ts';

type Tag = { id: string; label: string };
type Category = { id: string; label: string; tags: Tag[] };

// Spec §4: click a selected interest to remove it, a suggestion to add it; switch between the online
// and physical suggestion sets (the event catalogue's tags); save writes the list.
export function InterestsEditor({
  interests,
  catalog,
  max,
}: {
  interests: Tag[];
  catalog: { physical: Category[]; online: Category[] };
  max: number;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const { update, loading } = useUpdateProfileMutation();
  const [selected, setSelected] = useState<Tag[]>(interests);
  const [set, setSet] = useState<'physical' | 'online'>('physical');
  const saved = interests.map((i) => i.id).join(',');
  const dirty = selected.map((i) => i.id).join(',') !== saved;

  // Each tag once, in catalogue order, without those already chosen.
  const suggestions = useMemo(() => {
    const seen = new Set(selected.map((s) => s.id));
    const out: Tag[] = [];
    for (const category of catalog[set])
      for (const tag of category.tags)
        if (!seen.has(tag.id)) {
          seen.add(tag.id);
          out.push(tag);
        }
    return out;
  }, [catalog, set, selected]);

  const add = (tag: Tag) => {
    if (selected.length >= max) {
      toast.error(t('profile.interests.limit', { max }));
      return;
    }
    setSelected((list) => [...list, tag]);
  };

  const save = async () => {
    try {
      await update({ interests: selected.map((s) => s.id) });
      toast.success(t('profile.interests.saved'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('profile.interests.failed')));
    }
  };

  return (
    <Card className="flex flex-col gap-4" data-testid="interests-editor">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-white">{t('profile.interests')}</h2>
        <span className="text-xs text-ink-300">
          {selected.length}/{max}
        </span>
      </div>
      {selected.length === 0 ? (
        <p className="text-sm text-ink-300">{t('profile.noInterests')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {selected.map((tag) => (
            <li key={tag.id}>
              <Chip
                selected
                onClick={() => setSelected((list) => list.filter((s) => s.id !== tag.id))}
                aria-label={t('profile.interests.remove', { name: tag.label })}
              >
                {tag.label} <span aria-hidden="true">×</span>
              </Chip>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 border-t border-ink-700 pt-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-ink-200">{t('profile.interests.suggestions')}</h3>
          <div role="group" aria-label={t('profile.interests.sets')} className="flex gap-1">
            {(['physical', 'online'] as const).map((s) => (
              <Chip key={s} selected={set === s} onClick={() => setSet(s)} className="h-8 px-3 text-xs">
                {t(`profile.interests.${s}`)}
              </Chip>
            ))}
          </div>
        </div>
        <ul className="flex max-h-48 flex-wrap gap-1.5 overflow-y-auto pr-1">
          {suggestions.map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                onClick={() => add(tag)}
                aria-label={t('profile.interests.add', { name: tag.label })}
                className="rounded-full border border-dashed border-ink-500 px-3 py-1 text-xs font-medium text-ink-200 transition hover:border-accent-400 hover:text-white focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
              >
                + {tag.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-center justify-end gap-3">
        {dirty ? <span className="text-xs text-amber-300">{t('profile.interests.unsaved')}</span> : null}
        <Button size="sm" onClick={() => void save()} loading={loading} disabled={!dirty}>
          {t('profile.interests.save')}
        </Button>
      </div>
    </Card>
  );
}
