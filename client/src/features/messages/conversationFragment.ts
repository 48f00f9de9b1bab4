import { gql } from '#client/apollo/gql.ts';

// A conversation as the Message dialog shows it; the send mutation returns the same fields.
export const CONVERSATION_FIELDS_FRAGMENT = gql`
  fragment ConversationFields_conversation on Conversation {
    id
    otherUser {
      id
      displayName
      avatarUrl
    }
    messages {
      id
      body
      createdAt
      sender {
        id
        displayName
      }
    }
  }
`;
