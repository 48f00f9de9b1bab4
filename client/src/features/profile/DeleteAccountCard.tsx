import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { DeleteAccountMutation, DeleteAccountMutationVariables } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Card } from '#client/components/ui/Card.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { fieldErrors, userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const DELETE_ACCOUNT_MUTATION: TypedDocumentNode<
  DeleteAccountMutation,
  DeleteAccountMutationVariables
> = gql`
  mutation DeleteAccountMutation($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      cancelledEvents
    }
  }
`;

// The danger zone: what deleting does, then a confirmation that asks for the username or e-mail
// and the password (ADR 054; a Google account leaves it empty and needs a sign-in in the last
// minutes). `onDeleted` signs out (the route composes it with the identity provider).
export function DeleteAccountCard({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const { t } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [mutate, { loading }] = useMutation(DELETE_ACCOUNT_MUTATION);

  const confirm = async () => {
    try {
      await mutate({ variables: { input: { confirmation, ...(password ? { password } : {}) } } });
      toast.success(t('settings.delete.done'));
      await onDeleted();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.password && !fields.confirmation) {
        setPasswordError(fields.password);
        return;
      }
      setError(fields.confirmation ?? userFacingMessage(err, t('settings.delete.failed')));
    }
  };

  return (
    <Card className="flex flex-col gap-3 border-rose-900/60">
      <h2 className="text-lg font-bold text-rose-200">{t('settings.delete.title')}</h2>
      <p className="text-sm text-ink-200">{t('settings.delete.intro')}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink-300">
        <li>{t('settings.delete.events')}</li>
        <li>{t('settings.delete.requests')}</li>
        <li>{t('settings.delete.profile')}</li>
        <li>{t('settings.delete.erased')}</li>
        <li>{t('settings.delete.tokens')}</li>
      </ul>
      <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
        {t('settings.delete.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(undefined);
          setPasswordError(undefined);
          setPassword('');
        }}
        title={t('settings.delete.dialogTitle')}
        closeLabel={t('common.close')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={loading}
              disabled={!confirmation.trim()}
              onClick={() => void confirm()}
              data-testid="confirm-delete"
            >
              {t('settings.delete.confirm')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <Input
            label={t('settings.delete.confirmLabel')}
            value={confirmation}
            onChange={(e) => {
              setConfirmation(e.target.value);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
          />
          <Input
            label={t('settings.delete.passwordLabel')}
            type="password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordError(undefined);
            }}
            error={passwordError}
            hint={t('settings.delete.passwordHint')}
            autoComplete="current-password"
            data-testid="delete-password"
          />
        </div>
      </Dialog>
    </Card>
  );
}
