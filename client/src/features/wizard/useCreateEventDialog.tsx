import { createContext, use, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { EventWizard } from '#client/features/wizard/EventWizard.tsx';
import type { LocationPickerProps } from '#client/lib/locationPicker.ts';
import { useCreateEventMutation } from '#client/features/wizard/useCreateEventMutation.ts';
import {
  initialValues,
  toCreateInput,
  type WizardPreset,
  type WizardValues,
} from '#client/features/wizard/wizardState.ts';

export type CreateEventDialog = {
  isOpen: boolean;
  open: (preset?: WizardPreset) => void;
  close: () => void;
  element: ReactNode;
};

// The dashboard shell owns the dialog; pages open it (preset mode or point) through this context.
export const CreateEventContext = createContext<((preset?: WizardPreset) => void) | null>(null);

export function useOpenCreateEvent(): (preset?: WizardPreset) => void {
  const open = use(CreateEventContext);
  if (!open) throw new Error('useOpenCreateEvent must be used inside the dashboard shell.');
  return open;
}

// The create-event dialog: the 6-step wizard, then createEvent. Success or failure, it closes with a toast.
export function useCreateEventDialog({
  balance,
  onClose,
  LocationPicker,
  mapCenter,
}: {
  balance: number | null;
  onClose?: () => void;
  LocationPicker: ComponentType<LocationPickerProps>;
  mapCenter?: { lat: number; lng: number } | null;
}): CreateEventDialog {
  const { t } = useI18n();
  const toast = useToast();
  const [session, setSession] = useState<{ key: number; preset: WizardPreset } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [createEvent] = useCreateEventMutation();

  const open = useCallback(
    (preset: WizardPreset = {}) => setSession((s) => ({ key: (s?.key ?? 0) + 1, preset })),
    [],
  );
  const close = useCallback(() => {
    setSession(null);
    onClose?.();
  }, [onClose]);

  const submit = async (values: WizardValues) => {
    setSubmitting(true);
    try {
      await createEvent({ variables: { input: toCreateInput(values) } });
      // The API sends no success text, so the spec's default is shown.
      toast.success(t('wizard.created'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('wizard.createFailed')));
    } finally {
      setSubmitting(false);
      close();
    }
  };

  const element = session ? (
    <Dialog
      open
      onOpenChange={(next) => (next || submitting ? undefined : close())}
      title={t('wizard.title.create')}
      closeLabel={t('common.close')}
      className="sm:max-w-2xl"
    >
      <EventWizard
        key={session.key}
        kind="create"
        initial={initialValues(session.preset)}
        balance={balance}
        submitting={submitting}
        onSubmit={(values) => void submit(values)}
        onCancel={close}
        LocationPicker={LocationPicker}
        mapCenter={session.preset.location ?? mapCenter ?? null}
      />
    </Dialog>
  ) : null;

  return { isOpen: session !== null, open, close, element };
}
