import type { ComponentType, ReactNode } from 'react';
import { Badge } from '#client/components/ui/Badge.tsx';
import { SkillBadge } from '#client/components/ui/SkillBadge.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { LocationPickerProps } from '#client/lib/locationPicker.ts';
import { catalogLabels, type Catalog } from '#client/features/wizard/useWizardCatalog.ts';
import { capacityOf, type WizardValues } from '#client/features/wizard/wizardState.ts';
import { AutoApprovalField } from '#client/features/wizard/steps/AutoApprovalField.tsx';

const ignorePick = () => undefined;

// Step 6: the event as it will look, and for a new event its cost and the balance after it.
export function PreviewStep({
  values,
  catalog,
  kind,
  balance,
  update,
  LocationPicker,
}: {
  update: (patch: Partial<WizardValues>) => void;
  LocationPicker: ComponentType<LocationPickerProps>;
  values: WizardValues;
  catalog: Catalog | null;
  kind: 'create' | 'edit';
  balance: number | null;
}) {
  const { t, fmt } = useI18n();
  const labels = catalogLabels(catalog);
  const cost = catalog?.limits.creationCost ?? null;
  const capacity = catalog ? capacityOf(values, catalog.limits) : values.maxParticipants;
  const duration = catalog?.durations.find((d) => d.minutes === values.durationMinutes)?.label;
  const when = values.date && values.time ? `${fmt.date(`${values.date}T12:00:00Z`)} · ${values.time}` : '—';
  const rows: [string, ReactNode][] = [
    [t('wizard.summary.when'), duration ? `${when} (${duration})` : when],
    [
      t('wizard.summary.where'),
      values.mode === 'ONLINE'
        ? (values.platform && labels.platform(values.platform)) || '—'
        : values.publicLocation || '—',
    ],
    [t('wizard.summary.capacity'), capacity === null ? '—' : t('wizard.people', { count: capacity })],
    ...(values.repeat
      ? [
          [
            t('wizard.repeat.label'),
            t('wizard.repeat.summary', {
              frequency: t(values.repeat === 'WEEKLY' ? 'series.weekly' : 'series.biweekly'),
              count: values.repeatCount,
            }),
          ] as [string, ReactNode],
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-4">
      <article
        className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850/80 p-4"
        data-testid="wizard-preview"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="accent">
            {values.mode === 'ONLINE' ? '🎮' : '📍'}{' '}
            {values.category ? labels.category(values.category) : '—'}
          </Badge>
          {values.skillLevel ? <SkillBadge level={values.skillLevel} /> : null}
          {values.voiceChat === 'REQUIRED' ? <Badge tone="warning">🎙️ {t('lobby.mic')}</Badge> : null}
          <Badge tone="success">{t('events.free')}</Badge>
        </div>
        <h4 className="text-lg font-bold break-words text-white">{values.title || '—'}</h4>
        <p className="line-clamp-3 text-sm whitespace-pre-line text-ink-200">{values.description}</p>
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-ink-800 p-2.5">
              <dt className="text-xs text-ink-300">{label}</dt>
              <dd className="font-semibold break-words text-white">{value}</dd>
            </div>
          ))}
        </dl>
        {values.mode === 'PHYSICAL' && values.location ? (
          // Issue 27: the exact point next to the text everyone will see, so a mismatch shows here.
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="wizard-preview-place">
            <LocationPicker value={values.location} onChange={ignorePick} zoom={15} readOnly />
            <div className="flex flex-col gap-1.5 rounded-xl bg-ink-800 p-3 text-sm">
              <span className="text-xs text-ink-300">{t('wizard.location.public')}</span>
              <span className="font-semibold break-words text-white" data-testid="preview-public-location">
                {values.publicLocation || '—'}
              </span>
              {values.placeName ? <span className="break-words text-ink-100">{values.placeName}</span> : null}
              {values.address ? (
                <span className="text-xs break-words text-ink-300">{values.address}</span>
              ) : null}
              <span className="mt-auto text-xs text-ink-400">{t('wizard.location.exactPrivate')}</span>
            </div>
          </div>
        ) : null}
        {values.tags.length ? (
          <div className="flex flex-wrap gap-1.5">
            {values.tags.map((tag) => (
              <Badge key={tag} tone="accent">
                #{labels.tag(tag)}
              </Badge>
            ))}
          </div>
        ) : null}
      </article>
      <AutoApprovalField values={values} update={update} />
      {kind === 'create' ? (
        <div className="grid grid-cols-2 gap-3">
          <div className="rounded-xl border border-amber-400/30 bg-amber-400/10 p-3">
            <p className="text-xs text-amber-100/80">{t('wizard.cost')}</p>
            <p className="text-lg font-black text-amber-200">
              🪙 {cost === null ? '…' : t('wizard.costValue', { count: cost })}
            </p>
          </div>
          <div className="rounded-xl border border-ink-700 bg-ink-850/60 p-3">
            <p className="text-xs text-ink-300">{t('wizard.balance')}</p>
            <p className="text-lg font-black text-white tabular-nums" data-testid="wizard-balance">
              {balance == null ? '…' : fmt.number(balance)}
            </p>
            {balance != null && cost !== null && balance >= cost ? (
              <p className="text-xs text-ink-300">
                {t('wizard.balanceAfter', { count: fmt.number(balance - cost) })}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
