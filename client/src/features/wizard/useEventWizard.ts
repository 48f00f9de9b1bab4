import { useState } from 'react';
import type { EventMode } from '#client/__generated__/graphql.ts';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { quickTimeToDateTime, turkeyToday, type QuickTime } from '#client/features/wizard/quickTime.ts';
import type { Limits } from '#client/features/wizard/useWizardCatalog.ts';
import {
  STEP_COUNT,
  stepIsValid,
  withMode,
  type Step,
  type WizardValues,
} from '#client/features/wizard/wizardState.ts';

const RELATIVE_QUICK: readonly QuickTime[] = ['NOW', 'M15', 'M30', 'H1', 'H2'];

// The wizard's state: the step, the values, whether missing fields show, and the moves between steps
// (the rules behind them are wizardState.ts). 'İleri' stays on an incomplete step with a toast.
export function useEventWizard({
  kind,
  initial,
  initialStep,
  balance,
  limits,
  submitting,
  onSubmit,
}: {
  kind: 'create' | 'edit';
  initial: WizardValues;
  // Where to start: a resumed draft opens on its step.
  initialStep?: Step;
  balance: number | null;
  // The server's limits; null while the catalogue loads.
  limits: Limits | null;
  submitting: boolean;
  onSubmit: (values: WizardValues) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [step, setStep] = useState<Step>(initialStep ?? (kind === 'edit' ? 2 : 1));
  const [values, setValues] = useState<WizardValues>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const today = turkeyToday(new Date());

  const update = (patch: Partial<WizardValues>) => setValues((v) => ({ ...v, ...patch }));
  const updateFrom = (fn: (v: WizardValues) => Partial<WizardValues>) =>
    setValues((v) => ({ ...v, ...fn(v) }));
  const setMode = (mode: EventMode) => setValues((v) => withMode(v, mode));
  const valid = stepIsValid(step, values, today, limits);
  const insufficient =
    kind === 'create' && balance != null && limits != null && balance < limits.creationCost;

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

  return { step, values, showErrors, today, insufficient, update, updateFrom, setMode, next, back, submit };
}
