import { useState } from 'react';
import type { MembersDialog_ConversationFragment } from '#client/__generated__/graphql.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog, Dialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useRemoveChatMemberMutation } from '#client/features/messages/useRemoveChatMemberMutation.ts';

type Member = MembersDialog_ConversationFragment['members'][number];

// The group chat's members: the host first, then the others; those who left or were removed are
// greyed. The host can remove a member, after a confirmation.
export function MembersDialog({
  conversation,
  open,
  onOpenChange,
  viewerId,
  viewerIsHost,
  onOpenProfile,
}: {
  conversation: MembersDialog_ConversationFragment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewerId: string;
  viewerIsHost: boolean;
  onOpenProfile: (userId: string) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [confirm, setConfirm] = useState<Member | null>(null);
  const [removeMember, { loading }] = useRemoveChatMemberMutation();
  const members = [...conversation.members].sort(
    (a, b) => Number(b.isHost) - Number(a.isHost) || Number(b.active) - Number(a.active),
  );
  const activeCount = members.filter((m) => m.active).length;

  const remove = async (member: Member) => {
    try {
      await removeMember({
        variables: { input: { conversationId: conversation.id, userId: member.user.id } },
      });
      toast.success(t('chat.members.removed', { name: member.user.displayName }));
      setConfirm(null);
    } catch (error) {
      toast.error(userFacingMessage(error, t('chat.members.removeFailed')));
    }
  };

  return (
    <>
      <Dialog
        open={open && confirm === null}
        onOpenChange={onOpenChange}
        title={t('chat.members.title', { count: activeCount })}
        closeLabel={t('common.close')}
      >
        <ul className="flex max-h-96 flex-col gap-1 overflow-y-auto" data-testid="members-list">
          {members.map((m) => (
            <li
              key={m.user.id}
              className={cn('flex items-center gap-3 rounded-xl px-2 py-2', !m.active && 'opacity-60')}
              data-testid="member-row"
            >
              <button
                type="button"
                className="flex min-w-0 flex-1 items-center gap-3 text-left"
                onClick={() => onOpenProfile(m.user.id)}
              >
                <Avatar name={m.user.displayName} url={m.user.avatarUrl} className="size-9" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-white">
                    {m.user.displayName}
                    {m.user.id === viewerId ? ` (${t('inbox.you')})` : ''}
                  </span>
                  {!m.active ? (
                    <span className="text-xs text-ink-300">{t('chat.members.inactive')}</span>
                  ) : null}
                </span>
              </button>
              {m.isHost ? <Badge tone="accent">{t('chat.members.host')}</Badge> : null}
              {viewerIsHost && m.active && !m.isHost && m.user.id !== viewerId ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-rose-300"
                  onClick={() => setConfirm(m)}
                  data-testid="member-remove"
                >
                  {t('chat.members.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Dialog>
      <ConfirmDialog
        open={open && confirm !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => (confirm ? void remove(confirm) : undefined)}
        title={confirm ? t('chat.members.confirmTitle', { name: confirm.user.displayName }) : ''}
        description={t('chat.members.confirmText')}
        confirmLabel={t('chat.members.confirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        loading={loading}
        confirmTestId="member-remove-confirm"
      />
    </>
  );
}
