import { useEffect, useRef, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '#client/components/ui/Button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import type { LocationPickerProps } from '#client/lib/locationPicker.ts';
import { BasicsStep } from '#client/features/wizard/steps/BasicsStep.tsx';
import { CatalogState } from '#client/features/wizard/steps/CatalogState.tsx';
import { DateStep } from '#client/features/wizard/steps/DateStep.tsx';
import { LocationStep } from '#client/features/wizard/steps/LocationStep.tsx';
import { PlatformStep } from '#client/features/wizard/steps/PlatformStep.tsx';
import { PreviewStep } from '#client/features/wizard/steps/PreviewStep.tsx';
import { TagsStep } from '#client/features/wizard/steps/TagsStep.tsx';
import { TypeStep } from '#client/features/wizard/steps/TypeStep.tsx';
import { useEventWizard } from '#client/features/wizard/useEventWizard.ts';
import { useWizardCatalog } from '#client/features/wizard/useWizardCatalog.ts';
import { STEP_COUNT, type Step, type WizardValues } from '#client/features/wizard/wizardState.ts';

export type EventWizardProps = {
  kind: 'create' | 'edit';
  initial: WizardValues;
  initialStep?: Step;
  // Create only: save the wizard as it is, as a draft (offered after the first step).
  onSaveDraft?: (values: WizardValues, step: Step) => void;
  savingDraft?: boolean;
  // In a dialog the footer stays in view while the step scrolls beneath it.
  stickyFooter?: boolean;
  // Create only: the live token balance (null while unknown).
  balance?: number | null;
  submitting: boolean;
  onSubmit: (values: WizardValues) => void;
  onCancel?: () => void;
  LocationPicker: ComponentType<LocationPickerProps>;
  mapCenter?: { lat: number; lng: number } | null;
};

// The six-step create/edit wizard: the progress bar, the current step (steps/*), Back and Next, and on
// the last step Create or Save. The state and the moves between steps are useEventWizard's.
export function EventWizard({
  kind,
  initial,
  initialStep,
  onSaveDraft,
  savingDraft = false,
  stickyFooter = false,
  balance = null,
  submitting,
  onSubmit,
  onCancel,
  LocationPicker,
  mapCenter,
  headingLevel = 3,
}: EventWizardProps & {
  // 3 inside the create dialog (under its h2), 2 on the edit page (under its h1).
  headingLevel?: 2 | 3;
}) {
  const { t } = useI18n();
  const { catalog, error: catalogError, loading: catalogLoading, refetch } = useWizardCatalog();
  const { step, values, showErrors, today, insufficient, update, updateFrom, setMode, next, back, submit } =
    useEventWizard({
      kind,
      initial,
      initialStep,
      balance,
      limits: catalog?.limits ?? null,
      submitting,
      onSubmit,
    });

  const StepHeading = headingLevel === 2 ? 'h2' : 'h3';
  const stepLabel = (n: Step) =>
    n === 5
      ? t(values.mode === 'ONLINE' ? 'wizard.step.5.online' : 'wizard.step.5.physical')
      : t(`wizard.step.${n}`);

  // Each step opens at its top (a long step left scrolled down would hide the next one's start).
  const root = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    root.current?.scrollIntoView({ block: 'start' });
  }, [step]);

  return (
    <div ref={root} className="flex scroll-mt-20 flex-col gap-5" data-testid="event-wizard" data-step={step}>
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
        <StepHeading className="text-base font-bold text-white">{stepLabel(step)}</StepHeading>
        <span className="text-xs font-semibold text-ink-300">
          {t('wizard.step', { current: step, total: STEP_COUNT })}
        </span>
      </div>

      {/* Above the preview, so a phone shows why 'Create' is off as the step opens. */}
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
      <div className="min-h-48">
        {step === 1 ? (
          <TypeStep value={values.mode} locked={kind === 'edit'} onChange={setMode} />
        ) : step === 6 ? (
          <PreviewStep
            values={values}
            catalog={catalog}
            kind={kind}
            balance={balance}
            update={update}
            LocationPicker={LocationPicker}
          />
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
          <DateStep
            values={values}
            catalog={catalog}
            update={update}
            showErrors={showErrors}
            today={today}
            repeatable={kind === 'create'}
          />
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

      <div
        className={cn(
          'flex flex-wrap items-center justify-between gap-3 border-t border-ink-700 pt-4',
          stickyFooter && 'sticky -bottom-6 z-10 -mb-6 bg-ink-850 pb-6',
        )}
        data-testid="wizard-footer"
      >
        <Button variant="secondary" onClick={back} disabled={step === 1 || submitting || savingDraft}>
          ← {t('wizard.back')}
        </Button>
        {onSaveDraft && step > 1 ? (
          <Button
            variant="ghost"
            className="ml-auto"
            onClick={() => onSaveDraft(values, step)}
            disabled={submitting}
            loading={savingDraft}
            loadingText={t('wizard.savingDraft')}
          >
            📝 {t('wizard.saveDraft')}
          </Button>
        ) : null}
        {step < STEP_COUNT ? (
          <Button onClick={next}>{t('wizard.next')} →</Button>
        ) : (
          <Button
            onClick={submit}
            disabled={insufficient || submitting || !catalog}
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
