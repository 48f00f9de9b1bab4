import { useEffect, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { ApolloProvider, useMutation } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import type {
  ConfirmTrustedContactMutation,
  ConfirmTrustedContactMutationVariables,
} from '#client/__generated__/graphql.ts';
import { gql } from '#client/apollo/gql.ts';
import { getApolloClient } from '#client/app/apolloClient.ts';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { AuthCard, AuthShell } from '#client/features/auth/AuthShell.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useDocumentTitle } from '#client/lib/useDocumentTitle.ts';

const CONFIRM_TRUSTED_CONTACT_MUTATION: TypedDocumentNode<
  ConfirmTrustedContactMutation,
  ConfirmTrustedContactMutationVariables
> = gql`
  mutation ConfirmTrustedContactMutation($input: ConfirmTrustedContactInput!) {
    confirmTrustedContact(input: $input) {
      userName
    }
  }
`;

// /safety/confirm/<token>: the link in a new trusted contact's e-mail (no account, ADR 068). Opening
// it confirms; opening it again changes nothing.
export function TrustedContactConfirmRoute() {
  const { token = '' } = useParams();
  return (
    <AuthShell>
      <ApolloProvider client={getApolloClient()}>
        <Confirm token={token} />
      </ApolloProvider>
    </AuthShell>
  );
}

function Confirm({ token }: { token: string }) {
  const { t } = useI18n();
  useDocumentTitle(t('confirmPage.title'));
  const [confirm] = useMutation(CONFIRM_TRUSTED_CONTACT_MUTATION);
  const [result, setResult] = useState<{ name: string } | 'failed' | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm({ variables: { input: { token } } })
      .then((res) => setResult({ name: res.data?.confirmTrustedContact.userName ?? '' }))
      .catch(() => setResult('failed'));
  }, [confirm, token]);
  return (
    <AuthCard className="mx-auto flex max-w-md flex-col gap-3 text-center">
      <h1 className="text-2xl font-extrabold text-white">{t('confirmPage.title')}</h1>
      {result === null ? (
        <Spinner />
      ) : (
        <p role="status" className="text-ink-100" data-testid="contact-confirmed">
          {result === 'failed' ? t('confirmPage.failed') : t('confirmPage.done', { name: result.name })}
        </p>
      )}
    </AuthCard>
  );
}
