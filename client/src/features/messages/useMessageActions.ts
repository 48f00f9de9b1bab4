import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  PinMessageMutation,
  PinMessageMutationVariables,
  RemoveChatMessageMutation,
  RemoveChatMessageMutationVariables,
  RevealMessageMutation,
  RevealMessageMutationVariables,
} from '#client/__generated__/graphql.ts';
import { MESSAGE_BUBBLE_FRAGMENT } from '#client/features/messages/MessageBubble.tsx';
import { PINNED_BAR_FRAGMENT } from '#client/features/messages/PinnedBar.tsx';
import { CONVERSATION_LIST_ITEM_FRAGMENT } from '#client/features/messages/ConversationListItem.tsx';

// The three actions on one message. Each answer carries the message (and, for pins and removals, its
// conversation's pinned list and last message), so the cache updates by id.

export const REVEAL_MESSAGE_MUTATION: TypedDocumentNode<
  RevealMessageMutation,
  RevealMessageMutationVariables
> = gql`
  mutation RevealMessageMutation($input: MessageRefInput!) {
    revealMessage(input: $input) {
      message {
        id
        ...MessageBubble_message
      }
    }
  }
  ${MESSAGE_BUBBLE_FRAGMENT}
`;

export const PIN_MESSAGE_MUTATION: TypedDocumentNode<PinMessageMutation, PinMessageMutationVariables> = gql`
  mutation PinMessageMutation($input: PinMessageInput!) {
    pinMessage(input: $input) {
      message {
        id
        ...MessageBubble_message
        conversation {
          id
          ...PinnedBar_conversation
        }
      }
    }
  }
  ${MESSAGE_BUBBLE_FRAGMENT}
  ${PINNED_BAR_FRAGMENT}
`;

export const REMOVE_CHAT_MESSAGE_MUTATION: TypedDocumentNode<
  RemoveChatMessageMutation,
  RemoveChatMessageMutationVariables
> = gql`
  mutation RemoveChatMessageMutation($input: MessageRefInput!) {
    removeChatMessage(input: $input) {
      message {
        id
        ...MessageBubble_message
        conversation {
          id
          ...PinnedBar_conversation
          ...ConversationListItem_conversation
        }
      }
    }
  }
  ${MESSAGE_BUBBLE_FRAGMENT}
  ${PINNED_BAR_FRAGMENT}
  ${CONVERSATION_LIST_ITEM_FRAGMENT}
`;

export function useRevealMessageMutation() {
  return useMutation(REVEAL_MESSAGE_MUTATION);
}

export function usePinMessageMutation() {
  return useMutation(PIN_MESSAGE_MUTATION);
}

export function useRemoveChatMessageMutation() {
  return useMutation(REMOVE_CHAT_MESSAGE_MUTATION);
}
