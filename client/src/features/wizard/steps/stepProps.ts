import type { WizardValues } from '#client/features/wizard/wizardState.ts';

// What every form step gets: the values, a patch function, and whether to show missing fields.
export type StepProps = {
  values: WizardValues;
  update: (patch: Partial<WizardValues>) => void;
  showErrors: boolean;
};
