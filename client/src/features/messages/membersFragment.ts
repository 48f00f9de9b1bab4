import { gql } from '#client/apollo/gql.ts';

// The members of a conversation as MembersDialog shows them (its own file: the remove-member
// mutation selects it too, and the dialog uses that mutation).
// Every document that selects a conversation's members spreads this fragment: members have no id of
// their own, so a shorter selection elsewhere would replace the list with incomplete members.
export const MEMBERS_DIALOG_FRAGMENT = gql`
  fragment MembersDialog_conversation on Conversation {
    id
    members {
      isHost
      active
      lastReadAt
      user {
        id
        displayName
        avatarUrl
      }
    }
  }
`;
