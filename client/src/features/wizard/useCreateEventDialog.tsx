import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import type { LocationPickerProps } from '#client/lib/locationPicker.ts';
import { useCreateEventMutation } from '#client/features/wizard/useCreateEventMutation.ts';
import {
  initialValues,
  toCreateInput,
  type Step,
  type WizardPreset,
  type WizardValues,
} from '#client/features/wizard/wizardState.ts';
import { toDraftInput, type WizardDraft } from '#client/features/wizard/wizardDraft.ts';
import { useSaveEventDraftMutation } from '#client/features/wizard/useEventDraftMutations.ts';

// The wizard's code comes when the dialog first opens, not with every dashboard page (ADR 044).
const EventWizard = lazy(() =>
  import('#client/features/wizard/EventWizard.tsx').then((m) => ({ default: m.EventWizard })),
);

// A new event (a mode or a point chosen), or a saved draft to continue (ADR 037).
export type CreatePreset = WizardPreset & { draft?: WizardDraft };

export type CreateEventDialog = {
  isOpen: boolean;
  open: (preset?: CreatePreset) => void;
  close: () => void;
  element: ReactNode;
};

// The dashboard shell owns the dialog; pages open it (preset mode or point) through this context.
export const CreateEventContext = createContext<((preset?: CreatePreset) => void) | null>(null);

export function useOpenCreateEvent(): (preset?: CreatePreset) => void {
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
  const [session, setSession] = useState<{ key: number; preset: CreatePreset } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [createEvent] = useCreateEventMutation();
  const [saveDraft, { loading: savingDraft }] = useSaveEventDraftMutation();
  const draft = session?.preset.draft;

  const open = useCallback(
    (preset: CreatePreset = {}) => setSession((s) => ({ key: (s?.key ?? 0) + 1, preset })),
    [],
  );
  const close = useCallback(() => {
    setSession(null);
    onClose?.();
  }, [onClose]);

  const submit = async (values: WizardValues) => {
    setSubmitting(true);
    try {
      // Publishing a draft deletes it in the creation's transaction.
      await createEvent({
        variables: { input: { ...toCreateInput(values), ...(draft ? { draftId: draft.id } : {}) } },
      });
      // The API sends no success text, so the spec's default is shown.
      toast.success(t('wizard.created'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('wizard.createFailed')));
    } finally {
      setSubmitting(false);
      close();
    }
  };

  // Saved as a draft (no token spent); the dialog closes, the Drafts tab of My Events has it.
  const onSaveDraft = async (values: WizardValues, step: Step) => {
    if (!values.mode) return;
    try {
      await saveDraft({
        variables: {
          input: { id: draft?.id ?? null, mode: values.mode, step, values: toDraftInput(values) },
        },
      });
      toast.success(t('wizard.draftSaved'), { durationMs: 6000 });
      close();
    } catch (error) {
      toast.error(userFacingMessage(error, t('wizard.draftFailed')));
    }
  };

  const element = session ? (
    <Dialog
      open
      onOpenChange={(next) => (next || submitting || savingDraft ? undefined : close())}
      title={t('wizard.title.create')}
      closeLabel={t('common.close')}
      className="sm:max-w-2xl"
    >
      <Suspense fallback={<Spinner />}>
        <EventWizard
          key={session.key}
          kind="create"
          initial={draft?.values ?? initialValues(session.preset)}
          initialStep={draft?.step}
          onSaveDraft={(values, step) => void onSaveDraft(values, step)}
          savingDraft={savingDraft}
          stickyFooter
          balance={balance}
          submitting={submitting}
          onSubmit={(values) => void submit(values)}
          onCancel={close}
          LocationPicker={LocationPicker}
          mapCenter={session.preset.location ?? mapCenter ?? null}
        />
      </Suspense>
    </Dialog>
  ) : null;

  return { isOpen: session !== null, open, close, element };
}
