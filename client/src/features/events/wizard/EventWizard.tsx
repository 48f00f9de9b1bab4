import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EventMode, SkillLevel, VoiceChat } from '#client/__generated__/graphql.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { Chip } from '#client/components/ui/Chip.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { Select } from '#client/components/ui/Select.tsx';
import { Slider } from '#client/components/ui/Slider.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { EVENT_COST_TOKENS } from '#client/features/events/constants.ts';
import { categoryLabel } from '#client/features/events/labels.ts';
import { SKILL_CLASSES } from '#client/features/events/format.ts';
import {
  QUICK_TIMES,
  quickTimeToDateTime,
  turkeyToday,
  type QuickTime,
} from '#client/features/events/wizard/quickTime.ts';
import { useWizardCatalog, type Catalog } from '#client/features/events/wizard/useWizardCatalog.ts';
import {
  DESCRIPTION_MAX,
  MAX_PARTICIPANTS,
  MAX_TAGS,
  MIN_PARTICIPANTS,
  STEP_COUNT,
  stepIsValid,
  suggestPublicLocation,
  TITLE_MAX,
  withMode,
  type Step,
  type WizardValues,
} from '#client/features/events/wizard/wizardState.ts';

// The map picker comes from the map feature, handed in by the route that composes the wizard.
export type LocationPick = {
  lat: number;
  lng: number;
  address: string;
  place: { name: string; district: string | null; province: string | null } | null;
  pending: boolean;
};
export type LocationPickerProps = {
  value: { lat: number; lng: number } | null;
  onChange: (pick: LocationPick) => void;
  center?: { lat: number; lng: number } | null;
};

export type EventWizardProps = {
  kind: 'create' | 'edit';
  initial: WizardValues;
  // Create only: the live token balance (null while unknown).
  balance?: number | null;
  submitting: boolean;
  onSubmit: (values: WizardValues) => void;
  onCancel?: () => void;
  LocationPicker: ComponentType<LocationPickerProps>;
  mapCenter?: { lat: number; lng: number } | null;
};

const SKILLS: readonly SkillLevel[] = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED', 'PRO'];
const VOICES: readonly VoiceChat[] = ['REQUIRED', 'OPTIONAL', 'NOT_REQUIRED'];
const RELATIVE_QUICK: readonly QuickTime[] = ['NOW', 'M15', 'M30', 'H1', 'H2'];

export function EventWizard({
  kind,
  initial,
  balance = null,
  submitting,
  onSubmit,
  onCancel,
  LocationPicker,
  mapCenter,
}: EventWizardProps) {
  const { t } = useI18n();
  const toast = useToast();
  const [step, setStep] = useState<Step>(kind === 'edit' ? 2 : 1);
  const [values, setValues] = useState<WizardValues>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const { catalog, error: catalogError, loading: catalogLoading, refetch } = useWizardCatalog();
  const today = turkeyToday(new Date());

  const update = (patch: Partial<WizardValues>) => setValues((v) => ({ ...v, ...patch }));
  const updateFrom = (fn: (v: WizardValues) => Partial<WizardValues>) =>
    setValues((v) => ({ ...v, ...fn(v) }));
  const valid = stepIsValid(step, values, today);
  const insufficient = kind === 'create' && balance != null && balance < EVENT_COST_TOKENS;

  const next = () => {
    if (!valid) {
      setShowErrors(true);
      toast.error(t('wizard.required'));
      return;
    }
    setShowErrors(false);
    setStep((s) => Math.min(STEP_COUNT, s + 1) as Step);
  };
  const back = () => {
    setShowErrors(false);
    setStep((s) => Math.max(1, s - 1) as Step);
  };
  const submit = () => {
    if (submitting || insufficient) return;
    // A relative start ("in 15 minutes") counts from the moment of creating, not of choosing.
    let final = values;
    if (values.quickTime && RELATIVE_QUICK.includes(values.quickTime)) {
      const at = quickTimeToDateTime(values.quickTime, new Date());
      if (at) final = { ...values, ...at };
    }
    onSubmit(final);
  };

  const stepLabel = (n: Step) =>
    n === 5
      ? t(values.mode === 'ONLINE' ? 'wizard.step.5.online' : 'wizard.step.5.physical')
      : t(`wizard.step.${n}`);

  return (
    <div className="flex flex-col gap-5" data-testid="event-wizard" data-step={step}>
      <ol
        className="grid grid-cols-6 gap-1.5"
        aria-label={t('wizard.step', { current: step, total: STEP_COUNT })}
      >
        {([1, 2, 3, 4, 5, 6] as const).map((n) => (
          <li key={n} className="flex flex-col gap-1" aria-current={n === step ? 'step' : undefined}>
            <span
              className={cn(
                'h-1.5 rounded-full transition-colors',
                n < step ? 'bg-accent-500' : n === step ? 'bg-accent-gradient' : 'bg-ink-700',
              )}
            />
            <span
              className={cn(
                'truncate text-[11px] font-semibold max-sm:hidden',
                n === step ? 'text-white' : 'text-ink-300',
              )}
            >
              {stepLabel(n)}
            </span>
          </li>
        ))}
      </ol>
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-base font-bold text-white">{stepLabel(step)}</h3>
        <span className="text-xs font-semibold text-ink-300">
          {t('wizard.step', { current: step, total: STEP_COUNT })}
        </span>
      </div>

      <div className="min-h-64">
        {step === 1 ? (
          <TypeStep
            value={values.mode}
            locked={kind === 'edit'}
            onChange={(mode) => setValues((v) => withMode(v, mode))}
          />
        ) : step === 6 ? (
          <PreviewStep values={values} catalog={catalog} kind={kind} balance={balance} />
        ) : !catalog ? (
          <CatalogState
            loading={catalogLoading}
            error={Boolean(catalogError)}
            onRetry={() => void refetch()}
          />
        ) : step === 2 ? (
          <BasicsStep values={values} catalog={catalog} update={update} showErrors={showErrors} />
        ) : step === 3 ? (
          <TagsStep values={values} catalog={catalog} update={update} showErrors={showErrors} />
        ) : step === 4 ? (
          <DateStep values={values} catalog={catalog} update={update} showErrors={showErrors} today={today} />
        ) : values.mode === 'ONLINE' ? (
          <PlatformStep values={values} catalog={catalog} update={update} showErrors={showErrors} />
        ) : (
          <LocationStep
            values={values}
            update={update}
            updateFrom={updateFrom}
            showErrors={showErrors}
            LocationPicker={LocationPicker}
            mapCenter={mapCenter ?? null}
          />
        )}
      </div>

      {step === 6 && insufficient ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-400/30 bg-rose-500/10 px-4 py-3 text-sm font-medium text-rose-200"
        >
          {t('wizard.insufficient')}{' '}
          <Link to="/dashboard/tokens" onClick={onCancel} className="font-bold underline">
            {t('wizard.buyTokens')}
          </Link>
        </p>
      ) : null}

      <div className="flex items-center justify-between gap-3 border-t border-ink-700 pt-4">
        <Button variant="secondary" onClick={back} disabled={step === 1 || submitting}>
          ← {t('wizard.back')}
        </Button>
        {step < STEP_COUNT ? (
          <Button onClick={next}>{t('wizard.next')} →</Button>
        ) : (
          <Button
            onClick={submit}
            disabled={insufficient || submitting}
            loading={submitting}
            loadingText={t(kind === 'create' ? 'wizard.creating' : 'wizard.saving')}
          >
            {t(kind === 'create' ? 'wizard.create' : 'wizard.save')}
          </Button>
        )}
      </div>
    </div>
  );
}

function CatalogState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  if (loading || !error)
    return (
      <p className="flex items-center gap-2 text-sm text-ink-300">
        <Spinner /> {t('wizard.catalogLoading')}
      </p>
    );
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert" className="text-sm text-rose-300">
        {t('wizard.catalogError')}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

type StepProps = {
  values: WizardValues;
  update: (patch: Partial<WizardValues>) => void;
  showErrors: boolean;
};

function TypeStep({
  value,
  locked,
  onChange,
}: {
  value: EventMode | null;
  locked: boolean;
  onChange: (mode: EventMode) => void;
}) {
  const { t } = useI18n();
  const options: { mode: EventMode; emoji: string; title: string; hint: string }[] = [
    { mode: 'PHYSICAL', emoji: '📍', title: t('wizard.type.physical'), hint: t('wizard.type.physicalHint') },
    { mode: 'ONLINE', emoji: '🎮', title: t('wizard.type.online'), hint: t('wizard.type.onlineHint') },
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium text-ink-200">{t('wizard.type.question')}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.mode}
            className={cn(
              'flex cursor-pointer flex-col gap-2 rounded-2xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-pop-400',
              value === option.mode
                ? 'border-accent-400 bg-accent-500/15 shadow-lg shadow-fuchsia-950/30'
                : 'border-ink-600 bg-ink-850/60 hover:border-accent-400',
              locked && value !== option.mode && 'cursor-not-allowed opacity-50',
            )}
          >
            <input
              type="radio"
              name="event-mode"
              value={option.mode}
              checked={value === option.mode}
              disabled={locked}
              onChange={() => onChange(option.mode)}
              className="sr-only"
            />
            <span aria-hidden="true" className="text-3xl">
              {option.emoji}
            </span>
            <span className="text-lg font-bold text-white">{option.title}</span>
            <span className="text-sm text-ink-300">{option.hint}</span>
          </label>
        ))}
      </div>
      {locked ? <p className="text-xs text-ink-300">{t('wizard.type.locked')}</p> : null}
    </fieldset>
  );
}

function categoriesOf(catalog: Catalog, mode: EventMode | null) {
  return mode === 'ONLINE' ? catalog.online : catalog.physical;
}

function BasicsStep({ values, update, showErrors, catalog }: StepProps & { catalog: Catalog }) {
  const { t, locale } = useI18n();
  const required = t('common.required');
  const titleShort = values.title.trim().length < 3;
  const descriptionShort = values.description.trim().length < 10;
  return (
    <div className="flex flex-col gap-4">
      <Input
        label={`${t('wizard.titleField')} *`}
        value={values.title}
        maxLength={TITLE_MAX}
        placeholder={t('wizard.titlePlaceholder')}
        onChange={(e) => update({ title: e.target.value })}
        hint={t('wizard.titleHint')}
        error={showErrors && titleShort ? required : undefined}
        autoFocus
      />
      <Textarea
        label={`${t('wizard.description')} *`}
        value={values.description}
        maxLength={DESCRIPTION_MAX}
        placeholder={t('wizard.descriptionPlaceholder')}
        onChange={(e) => update({ description: e.target.value })}
        hint={`${t('wizard.descriptionHint')} · ${values.description.length}/${DESCRIPTION_MAX}`}
        error={showErrors && descriptionShort ? required : undefined}
      />
      <Select
        label={`${t('wizard.category')} *`}
        value={values.category}
        onChange={(e) => {
          const category = e.target.value;
          // Tags of the previous category stay only when the new one offers them too.
          const offered = new Set(categoriesOf(catalog, values.mode).flatMap((c) => c.tags));
          update({ category, tags: values.tags.filter((tag) => offered.has(tag)) });
        }}
        error={showErrors && !values.category ? required : undefined}
      >
        <option value="">{t('wizard.chooseCategory')}</option>
        {categoriesOf(catalog, values.mode).map((c) => (
          <option key={c.name} value={c.name}>
            {categoryLabel(c.name, locale)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function TagsStep({ values, update, showErrors, catalog }: StepProps & { catalog: Catalog }) {
  const { t, locale } = useI18n();
  const categories = categoriesOf(catalog, values.mode);
  const own = categories.find((c) => c.name === values.category);
  const others = categories.filter((c) => c !== own);
  const toggleTag = (tag: string) => {
    if (values.tags.includes(tag)) update({ tags: values.tags.filter((x) => x !== tag) });
    else if (values.tags.length < MAX_TAGS) update({ tags: [...values.tags, tag] });
  };
  const group = (title: string, tags: readonly string[]) => (
    <div className="flex flex-col gap-2" key={title}>
      <h4 className="text-xs font-semibold tracking-wide text-ink-300 uppercase">{title}</h4>
      <div className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <Chip
            key={tag}
            selected={values.tags.includes(tag)}
            onClick={() => toggleTag(tag)}
            disabled={!values.tags.includes(tag) && values.tags.length >= MAX_TAGS}
          >
            #{tag}
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
      {own ? group(categoryLabel(own.name, locale), own.tags) : null}
      <details className="group rounded-xl border border-ink-700 bg-ink-850/40 p-3" open={!own}>
        <summary className="cursor-pointer text-sm font-semibold text-ink-200">
          {t('wizard.tagsOther')}
        </summary>
        <div className="mt-3 flex flex-col gap-4">
          {others.map((c) => group(categoryLabel(c.name, locale), c.tags))}
        </div>
      </details>
    </div>
  );
}

function DateStep({
  values,
  update,
  showErrors,
  catalog,
  today,
}: StepProps & { catalog: Catalog; today: string }) {
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
        min={MIN_PARTICIPANTS}
        max={MAX_PARTICIPANTS}
        value={values.maxParticipants}
        onValueChange={(maxParticipants) => update({ maxParticipants })}
        valueText={t('wizard.people', { count: values.maxParticipants })}
      />
    </div>
  );
}

function SkillSelect({
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

function LocationStep({
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
  // The last suggested public text: replaced by the next suggestion unless the user edited it.
  const [suggested, setSuggested] = useState<string | null>(null);
  const required = t('common.required');

  const onPick = (pick: LocationPick) => {
    setPending(pick.pending);
    const suggestion = !pick.pending && pick.place ? suggestPublicLocation(pick.place) : null;
    updateFrom((v) => {
      const patch: Partial<WizardValues> = {
        location: { lat: pick.lat, lng: pick.lng },
        address: pick.address,
      };
      if (suggestion && (!v.publicLocation.trim() || v.publicLocation === suggested))
        patch.publicLocation = suggestion;
      return patch;
    });
    if (suggestion) setSuggested(suggestion);
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
          onChange={(e) => update({ publicLocation: e.target.value })}
          hint={t('wizard.location.publicHint')}
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
      <SkillSelect value={values.skillLevel} onChange={(skillLevel) => update({ skillLevel })} />
    </div>
  );
}

function PlatformStep({ values, update, showErrors, catalog }: StepProps & { catalog: Catalog }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink-200">{t('wizard.platform')} *</legend>
        <div className="flex flex-wrap gap-2">
          {catalog.platforms.map((platform) => (
            <Chip key={platform} selected={values.platform === platform} onClick={() => update({ platform })}>
              {platform}
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

function PreviewStep({
  values,
  catalog,
  kind,
  balance,
}: {
  values: WizardValues;
  catalog: Catalog | null;
  kind: 'create' | 'edit';
  balance: number | null;
}) {
  const { t, fmt, locale } = useI18n();
  const duration = catalog?.durations.find((d) => d.minutes === values.durationMinutes)?.label;
  const when = values.date && values.time ? `${fmt.date(`${values.date}T12:00:00Z`)} · ${values.time}` : '—';
  const rows: [string, ReactNode][] = [
    [t('wizard.summary.when'), duration ? `${when} (${duration})` : when],
    [
      t('wizard.summary.where'),
      values.mode === 'ONLINE' ? values.platform || '—' : values.publicLocation || '—',
    ],
    [t('wizard.summary.capacity'), t('wizard.people', { count: values.maxParticipants })],
  ];
  return (
    <div className="flex flex-col gap-4">
      <article
        className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850/80 p-4"
        data-testid="wizard-preview"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="accent">
            {values.mode === 'ONLINE' ? '🎮' : '📍'} {categoryLabel(values.category, locale)}
          </Badge>
          {values.skillLevel ? (
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                SKILL_CLASSES[values.skillLevel],
              )}
            >
              {t(`skill.${values.skillLevel}`)}
            </span>
          ) : null}
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
        {values.tags.length ? (
          <div className="flex flex-wrap gap-1.5">
            {values.tags.map((tag) => (
              <Badge key={tag} tone="accent">
                #{tag}
              </Badge>
            ))}
          </div>
        ) : null}
      </article>
      {kind === 'create' ? (
        <div className="grid grid-cols-2 gap-3">
          <div className="rounded-xl border border-amber-400/30 bg-amber-400/10 p-3">
            <p className="text-xs text-amber-100/80">{t('wizard.cost')}</p>
            <p className="text-lg font-black text-amber-200">
              🪙 {t('wizard.costValue', { count: EVENT_COST_TOKENS })}
            </p>
          </div>
          <div className="rounded-xl border border-ink-700 bg-ink-850/60 p-3">
            <p className="text-xs text-ink-300">{t('wizard.balance')}</p>
            <p className="text-lg font-black text-white tabular-nums" data-testid="wizard-balance">
              {balance == null ? '…' : fmt.number(balance)}
            </p>
            {balance != null && balance >= EVENT_COST_TOKENS ? (
              <p className="text-xs text-ink-300">
                {t('wizard.balanceAfter', { count: fmt.number(balance - EVENT_COST_TOKENS) })}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
