import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  RemoveChatMemberMutation,
  RemoveChatMemberMutationVariables,
} from '#client/__generated__/graphql.ts';
import { MEMBERS_DIALOG_FRAGMENT } from '#client/features/messages/membersFragment.ts';

export const REMOVE_CHAT_MEMBER_MUTATION: TypedDocumentNode<
  RemoveChatMemberMutation,
  RemoveChatMemberMutationVariables
> = gql`
  mutation RemoveChatMemberMutation($input: RemoveChatMemberInput!) {
    removeChatMember(input: $input) {
      conversation {
        id
        ...MembersDialog_conversation
      }
    }
  }
  ${MEMBERS_DIALOG_FRAGMENT}
`;

// The member list comes back with the removed member inactive.
export function useRemoveChatMemberMutation() {
  return useMutation(REMOVE_CHAT_MEMBER_MUTATION);
}
