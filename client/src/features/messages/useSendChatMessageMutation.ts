import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  SendChatMessageMutation,
  SendChatMessageMutationVariables,
} from '#client/__generated__/graphql.ts';
import { MESSAGE_BUBBLE_FRAGMENT } from '#client/features/messages/MessageBubble.tsx';
import { CONVERSATION_LIST_ITEM_FRAGMENT } from '#client/features/messages/ConversationListItem.tsx';
import { addMessageToConversation, moveConversationToTop } from '#client/features/messages/inboxCache.ts';

export const SEND_CHAT_MESSAGE_MUTATION: TypedDocumentNode<
  SendChatMessageMutation,
  SendChatMessageMutationVariables
> = gql`
  mutation SendChatMessageMutation($input: SendChatMessageInput!) {
    sendChatMessage(input: $input) {
      message {
        id
        ...MessageBubble_message
      }
      conversation {
        id
        ...ConversationListItem_conversation
      }
    }
  }
  ${MESSAGE_BUBBLE_FRAGMENT}
  ${CONVERSATION_LIST_ITEM_FRAGMENT}
`;

// The new message joins the thread at the bottom and its conversation moves to the top of the inbox
// (the live push of the same message finds it there already).
export function useSendChatMessageMutation() {
  return useMutation(SEND_CHAT_MESSAGE_MUTATION, {
    update(cache, { data }) {
      const result = data?.sendChatMessage;
      if (!result) return;
      addMessageToConversation(cache, result.conversation.id, result.message.id);
      moveConversationToTop(cache, result.conversation.id);
    },
  });
}
