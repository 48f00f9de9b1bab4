import { useCallback } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  UpdateSettingsInput,
  UpdateSettingsMutation,
  UpdateSettingsMutationVariables,
} from '#client/__generated__/graphql.ts';

export const UPDATE_SETTINGS_MUTATION: TypedDocumentNode<
  UpdateSettingsMutation,
  UpdateSettingsMutationVariables
> = gql`
  mutation UpdateSettingsMutation($input: UpdateSettingsInput!) {
    updateSettings(input: $input) {
      viewer {
        id
        locale
        notificationPreferences {
          emailJoinRequests
          emailDecisions
          emailMessages
          emailEventChanges
          inAppReminders
          emailReminders
          pushReminders
          inAppWaitlist
          emailWaitlist
          pushWaitlist
        }
      }
    }
  }
`;

export function useUpdateSettingsMutation() {
  const [mutate, { loading }] = useMutation(UPDATE_SETTINGS_MUTATION);
  const update = useCallback((input: UpdateSettingsInput) => mutate({ variables: { input } }), [mutate]);
  return { update, loading };
}
