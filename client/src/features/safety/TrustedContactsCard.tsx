import { useState, type FormEvent } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type {
  AddTrustedContactMutation,
  AddTrustedContactMutationVariables,
  RemoveTrustedContactMutation,
  RemoveTrustedContactMutationVariables,
  TrustedContactsQuery,
  TrustedContactsQueryVariables,
} from '#client/__generated__/graphql.ts';
import { gql } from '#client/apollo/gql.ts';
import { fieldErrors, userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';

export const TRUSTED_CONTACTS_QUERY: TypedDocumentNode<TrustedContactsQuery, TrustedContactsQueryVariables> =
  gql`
    query TrustedContactsQuery {
      trustedContacts {
        id
        email
        confirmed
      }
    }
  `;

const ADD_TRUSTED_CONTACT_MUTATION: TypedDocumentNode<
  AddTrustedContactMutation,
  AddTrustedContactMutationVariables
> = gql`
  mutation AddTrustedContactMutation($input: AddTrustedContactInput!) {
    addTrustedContact(input: $input) {
      contact {
        id
        email
        confirmed
      }
    }
  }
`;

const REMOVE_TRUSTED_CONTACT_MUTATION: TypedDocumentNode<
  RemoveTrustedContactMutation,
  RemoveTrustedContactMutationVariables
> = gql`
  mutation RemoveTrustedContactMutation($input: RemoveTrustedContactInput!) {
    removeTrustedContact(input: $input) {
      removedContactId
    }
  }
`;

const MAX = 3;

// Settings: 'Güvendiğin kişiler' (issue 30 point 1, ADR 068). Up to three e-mail addresses, each
// pending until it confirms through its link; removal is immediate.
export function TrustedContactsCard() {
  const { t } = useI18n();
  const toast = useToast();
  const { data, loading } = useQuery(TRUSTED_CONTACTS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [add, { loading: adding }] = useMutation(ADD_TRUSTED_CONTACT_MUTATION, {
    refetchQueries: [TRUSTED_CONTACTS_QUERY],
    awaitRefetchQueries: true,
  });
  const [remove] = useMutation(REMOVE_TRUSTED_CONTACT_MUTATION, {
    update(cache, { data: removed }) {
      const id = removed?.removeTrustedContact.removedContactId;
      if (id) cache.evict({ id: cache.identify({ __typename: 'TrustedContact', id }) });
      cache.gc();
    },
  });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const contacts = data?.trustedContacts ?? [];

  async function onAdd(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    try {
      const res = await add({ variables: { input: { email } } });
      toast.success(t('trusted.added', { email: res.data?.addTrustedContact.contact.email ?? email }));
      setEmail('');
    } catch (err) {
      setError(fieldErrors(err).email ?? userFacingMessage(err, t('trusted.failed')));
    }
  }

  async function onRemove(id: string) {
    try {
      await remove({ variables: { input: { id } } });
      toast.success(t('trusted.removed'));
    } catch (err) {
      toast.error(userFacingMessage(err, t('trusted.failed')));
    }
  }

  if (loading && !data) return <Spinner />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-300">{t('trusted.intro')}</p>
      {contacts.length === 0 ? <p className="text-sm text-ink-200">{t('trusted.empty')}</p> : null}
      <ul className="flex flex-col gap-2">
        {contacts.map((c) => (
          <li
            key={c.id}
            className="flex items-center justify-between gap-2 rounded-2xl border border-ink-700 bg-ink-800/60 px-4 py-3"
            data-testid="trusted-contact"
          >
            {/* The whole address, broken where it must be: on a phone a cut one cannot be checked. */}
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-all text-white">{c.email}</p>
              <p className={c.confirmed ? 'text-xs text-emerald-300' : 'text-xs text-amber-200'}>
                {c.confirmed ? t('trusted.confirmed') : t('trusted.pending')}
              </p>
            </div>
            <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(c.id)}>
              {t('trusted.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {contacts.length < MAX ? (
        <form onSubmit={onAdd} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <div className="flex-1">
            <Input
              label={t('trusted.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
              required
            />
          </div>
          <Button type="submit" loading={adding} disabled={!email.trim()}>
            {t('trusted.add')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-ink-300">{t('trusted.full')}</p>
      )}
    </div>
  );
}
