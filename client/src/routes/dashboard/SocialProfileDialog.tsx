import type { ComponentProps } from 'react';
import { UserProfileDialog } from '#client/features/safety/UserProfileDialog.tsx';
import { FriendshipActions } from '#client/features/friends/FriendshipActions.tsx';
import { useOpenDirectConversation } from '#client/features/messages/useOpenDirectConversation.ts';

// The other-user modal as every route shows it: safety's profile with friends' buttons and messages'
// 'Mesaj' (the direct conversation in the inbox). Features do not import each other; routes compose.
export function SocialProfileDialog(
  props: Omit<ComponentProps<typeof UserProfileDialog>, 'onMessage' | 'social'>,
) {
  const { open } = useOpenDirectConversation();
  const { onClose } = props;
  return (
    <UserProfileDialog
      {...props}
      onMessage={(user) => {
        void open(user.id).then((opened) => {
          if (opened) onClose();
        });
      }}
      social={(user) => <FriendshipActions userId={user.id} />}
    />
  );
}
