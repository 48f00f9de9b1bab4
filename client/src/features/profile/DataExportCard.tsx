import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { ExportMyDataMutation, ExportMyDataMutationVariables } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const EXPORT_MY_DATA_MUTATION: TypedDocumentNode<ExportMyDataMutation, ExportMyDataMutationVariables> =
  gql`
    mutation ExportMyDataMutation($input: ExportMyDataInput!) {
      exportMyData(input: $input) {
        archive
        fileName
        generatedAt
      }
    }
  `;

// 'Verilerimi indir' (KVKK/GDPR, ADR 054): the server puts the copy together (once an hour) and the
// browser saves it as a JSON file.
export function DataExportCard() {
  const { t } = useI18n();
  const toast = useToast();
  const [exportData, { loading }] = useMutation(EXPORT_MY_DATA_MUTATION);

  const download = async () => {
    try {
      const res = await exportData({ variables: { input: { format: 'JSON' } } });
      const copy = res.data?.exportMyData;
      if (!copy) return;
      const url = URL.createObjectURL(new Blob([copy.archive], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = copy.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(t('settings.export.done'));
    } catch (err) {
      toast.error(userFacingMessage(err, t('settings.export.failed')));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-300">{t('settings.export.intro')}</p>
      <Button
        variant="outline"
        className="self-start"
        loading={loading}
        onClick={() => void download()}
        data-testid="export-data"
      >
        ⬇️ {t('settings.export.button')}
      </Button>
    </div>
  );
}
