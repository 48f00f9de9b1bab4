import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  ConversationQueryVariables,
  SendMessageMutation,
  SendMessageMutationVariables,
} from '#client/__generated__/graphql.ts';
import { CONVERSATION_FIELDS_FRAGMENT } from '#client/features/messages/conversationFragment.ts';

export const SEND_MESSAGE_MUTATION: TypedDocumentNode<SendMessageMutation, SendMessageMutationVariables> =
  gql`
    mutation SendMessageMutation($input: SendMessageInput!) {
      sendMessage(input: $input) {
        message {
          id
        }
        conversation {
          ...ConversationFields_conversation
        }
      }
    }
    ${CONVERSATION_FIELDS_FRAGMENT}
  `;

// The first message creates the conversation: the query's root field (null until then) is pointed
// at the returned one, which carries the new message.
export function useSendMessageMutation(conversation: ConversationQueryVariables) {
  return useMutation(SEND_MESSAGE_MUTATION, {
    update(cache, { data }) {
      const result = data?.sendMessage.conversation;
      if (!result) return;
      cache.modify({
        id: 'ROOT_QUERY',
        fields: {
          conversation(existing: unknown, { storeFieldName, toReference }) {
            const args = storeFieldName.slice(storeFieldName.indexOf('(') + 1, -1);
            let parsed: Partial<ConversationQueryVariables>;
            try {
              parsed = JSON.parse(args) as Partial<ConversationQueryVariables>;
            } catch {
              return existing;
            }
            const same =
              parsed.eventId === conversation.eventId &&
              (parsed.withUserId ?? null) === (conversation.withUserId ?? null);
            return same ? toReference({ __typename: 'Conversation', id: result.id }) : existing;
          },
        },
      });
    },
  });
}
