import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  UpdateProfileInput,
  UpdateProfileMutation,
  UpdateProfileMutationVariables,
} from '#client/__generated__/graphql.ts';
import { PROFILE_USER_FRAGMENT } from '#client/features/profile/profileFragments.ts';

export const UPDATE_PROFILE_MUTATION: TypedDocumentNode<
  UpdateProfileMutation,
  UpdateProfileMutationVariables
> = gql`
  mutation UpdateProfileMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      viewer {
        ...ProfileUser_user
      }
    }
  }
  ${PROFILE_USER_FRAGMENT}
`;

export function useUpdateProfileMutation() {
  const [mutate, { loading }] = useMutation(UPDATE_PROFILE_MUTATION);
  const update = (input: UpdateProfileInput) => mutate({ variables: { input } });
  return { update, loading };
}
