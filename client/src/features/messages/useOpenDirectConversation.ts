import { useCallback } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import type {
  StartDirectConversationMutation,
  StartDirectConversationMutationVariables,
} from '#client/__generated__/graphql.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { ensureConversationListed } from '#client/features/messages/inboxCache.ts';

export const START_DIRECT_CONVERSATION_MUTATION: TypedDocumentNode<
  StartDirectConversationMutation,
  StartDirectConversationMutationVariables
> = gql`
  mutation StartDirectConversationMutation($input: StartDirectConversationInput!) {
    startDirectConversation(input: $input) {
      conversation {
        id
      }
    }
  }
`;

// 'Mesaj' on someone's profile: opens (or finds) the direct conversation and goes to it in the inbox.
// Refusals (not friends, a block) are shown with the server's reason.
export function useOpenDirectConversation() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const [mutate, { loading }] = useMutation(START_DIRECT_CONVERSATION_MUTATION, {
    update(cache, { data }) {
      const id = data?.startDirectConversation.conversation.id;
      if (id) ensureConversationListed(cache, id);
    },
  });
  const open = useCallback(
    async (userId: string) => {
      try {
        const { data } = await mutate({ variables: { input: { userId } } });
        const id = data?.startDirectConversation.conversation.id;
        if (id) await navigate(`/dashboard/inbox/${id}`);
        return true;
      } catch (error) {
        toast.error(userFacingMessage(error, t('inbox.startFailed')));
        return false;
      }
    },
    [mutate, navigate, toast, t],
  );
  return { open, loading };
}
