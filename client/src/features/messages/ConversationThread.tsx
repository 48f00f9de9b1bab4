import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useSubscription } from '@apollo/client/react';
import type {
  ConversationChatUpdatedSubscription,
  ConversationChatUpdatedSubscriptionVariables,
  ConversationMessageAddedSubscription,
  ConversationMessageAddedSubscriptionVariables,
  ConversationThread_ConversationFragment,
  MessageBubble_MessageFragment,
} from '#client/__generated__/graphql.ts';
import { useSocketReconnected } from '#client/apollo/socketEvents.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { ConfirmDialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { Composer } from '#client/features/messages/Composer.tsx';
import { MembersDialog } from '#client/features/messages/MembersDialog.tsx';
import { MEMBERS_DIALOG_FRAGMENT } from '#client/features/messages/membersFragment.ts';
import { MESSAGE_BUBBLE_FRAGMENT, MessageBubble } from '#client/features/messages/MessageBubble.tsx';
import { PINNED_BAR_FRAGMENT, PinnedBar } from '#client/features/messages/PinnedBar.tsx';
import { ThreadHeader } from '#client/features/messages/ThreadHeader.tsx';
import { usePageVisible, useWatchingConversation } from '#client/features/messages/activeConversation.ts';
import { addMessageToConversation } from '#client/features/messages/inboxCache.ts';
import { dayLabel, groupByDay } from '#client/features/messages/messageDays.ts';
import { lastOwnMessageId, readersOf } from '#client/features/messages/messageView.ts';
import { useMarkConversationReadMutation } from '#client/features/messages/useMarkConversationReadMutation.ts';
import {
  usePinMessageMutation,
  useRemoveChatMessageMutation,
  useRevealMessageMutation,
} from '#client/features/messages/useMessageActions.ts';

export const CONVERSATION_THREAD_FRAGMENT = gql`
  fragment ConversationThread_conversation on Conversation {
    id
    kind
    title
    event {
      id
      title
      mode
    }
    otherUser {
      id
      displayName
      avatarUrl
    }
    unreadCount
    viewerIsMember
    viewerCanPost
    viewerIsHost
    ...MembersDialog_conversation
    ...PinnedBar_conversation
  }
  ${MEMBERS_DIALOG_FRAGMENT}
  ${PINNED_BAR_FRAGMENT}
`;

export const CONVERSATION_MESSAGE_ADDED_SUBSCRIPTION: TypedDocumentNode<
  ConversationMessageAddedSubscription,
  ConversationMessageAddedSubscriptionVariables
> = gql`
  subscription ConversationMessageAddedSubscription($conversationId: ID!) {
    messageAdded(conversationId: $conversationId) {
      id
      ...MessageBubble_message
      conversation {
        id
        unreadCount
        lastMessageAt
      }
    }
  }
  ${MESSAGE_BUBBLE_FRAGMENT}
`;

export const CONVERSATION_CHAT_UPDATED_SUBSCRIPTION: TypedDocumentNode<
  ConversationChatUpdatedSubscription,
  ConversationChatUpdatedSubscriptionVariables
> = gql`
  subscription ConversationChatUpdatedSubscription($conversationId: ID!) {
    chatUpdated(conversationId: $conversationId) {
      id
      ...ConversationThread_conversation
    }
  }
  ${CONVERSATION_THREAD_FRAGMENT}
`;

// A change pushed by chatUpdated may concern a message the payload does not carry (removed, revealed
// or kept by a moderator): the newest page is read again, at most this often.
const REFRESH_AFTER_UPDATE_MS = 1500;
// Messages closer together than this, by the same person, form one run (the name shows once).
const RUN_GAP_MS = 5 * 60_000;
// Within this distance of the bottom, the thread follows new messages.
const STICKY_BOTTOM_PX = 120;

// One conversation: header, pinned bar (group chats), messages with day separators (newest at the
// bottom, older ones on request), read receipts on the viewer's last message, and the composer.
// Live: new messages of this conversation and its changes (reads, pins, removals, members). While it
// is open and the page visible, it is marked read as messages arrive.
export function ConversationThread({
  conversation,
  messages,
  viewerId,
  hasOlder,
  onLoadOlder,
  onRefresh,
  onOpenProfile,
}: {
  conversation: ConversationThread_ConversationFragment;
  // Newest first, as the server pages them.
  messages: readonly MessageBubble_MessageFragment[];
  viewerId: string;
  hasOlder: boolean;
  onLoadOlder: () => Promise<unknown>;
  // Reads the newest page again (after a reconnect, after a change the push did not carry).
  onRefresh: () => void;
  onOpenProfile: (userId: string) => void;
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const c = conversation;
  const visible = usePageVisible();
  useWatchingConversation(c.id);
  // A toast about this conversation has done its job once it is open.
  const { dismiss } = toast;
  useEffect(() => dismiss(`message-${c.id}`), [dismiss, c.id]);
  const [membersOpen, setMembersOpen] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState<MessageBubble_MessageFragment | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [revealing, setRevealing] = useState<string | null>(null);
  const [reveal] = useRevealMessageMutation();
  const [pin] = usePinMessageMutation();
  const [removeMessage, { loading: removing }] = useRemoveChatMessageMutation();
  const markRead = useMarkConversationReadMutation();

  // Throttled refresh after pushed changes.
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshSoon = useCallback(() => {
    if (refreshTimer.current) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      onRefresh();
    }, REFRESH_AFTER_UPDATE_MS);
  }, [onRefresh]);
  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  useSubscription(CONVERSATION_MESSAGE_ADDED_SUBSCRIPTION, {
    variables: { conversationId: c.id },
    onData: ({ client, data }) => {
      const message = data.data?.messageAdded;
      if (message) addMessageToConversation(client.cache, c.id, message.id);
    },
  });
  useSubscription(CONVERSATION_CHAT_UPDATED_SUBSCRIPTION, {
    variables: { conversationId: c.id },
    onData: () => refreshSoon(),
  });
  useSocketReconnected(onRefresh);

  // Read while in view: when it opens, and as new messages from others arrive.
  const newest = messages[0];
  const me = c.members.find((m) => m.user.id === viewerId);
  const unreadFromOthers =
    c.unreadCount > 0 ||
    (newest !== undefined &&
      newest.sender.id !== viewerId &&
      (!me?.lastReadAt || new Date(newest.createdAt) > new Date(me.lastReadAt)));
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!visible || !c.viewerIsMember || !unreadFromOthers || !newest) return;
    if (markedUpTo.current === newest.id) return;
    markedUpTo.current = newest.id;
    markRead(c.id).catch(() => {
      markedUpTo.current = null;
    });
  }, [visible, c.viewerIsMember, c.id, unreadFromOthers, newest, markRead]);

  // Scrolling: start at the bottom, follow new messages when near the bottom (always for one's own),
  // keep the place when older messages are added above.
  const scrollRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const restoreFromBottom = useRef<number | null>(null);
  const newestId = newest?.id;
  const newestMine = newest?.sender.id === viewerId;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (restoreFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
    } else if (nearBottom.current || newestMine) {
      el.scrollTop = el.scrollHeight;
    }
  }, [newestId, newestMine, messages.length]);

  const loadOlder = async () => {
    const el = scrollRef.current;
    if (el) restoreFromBottom.current = el.scrollHeight - el.scrollTop;
    setLoadingOlder(true);
    try {
      await onLoadOlder();
    } catch (error) {
      restoreFromBottom.current = null;
      toast.error(userFacingMessage(error, t('chat.loadFailed')));
    } finally {
      setLoadingOlder(false);
    }
  };

  const act = async (action: () => Promise<unknown>, failed: string) => {
    try {
      await action();
    } catch (error) {
      toast.error(userFacingMessage(error, failed));
    }
  };

  const oldestFirst = [...messages].reverse();
  const days = groupByDay(oldestFirst);
  const lastOwn = lastOwnMessageId(messages, viewerId);
  const pinnedIds = new Set(c.pinnedMessages.map((m) => m.id));
  const isGroup = c.kind === 'EVENT_GROUP';
  const canPin = isGroup && c.viewerIsHost && c.viewerIsMember;

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={c.title} data-testid="chat-thread">
      <ThreadHeader
        conversation={c}
        onOpenProfile={onOpenProfile}
        onOpenMembers={() => setMembersOpen(true)}
      />
      {isGroup ? (
        <PinnedBar
          conversation={c}
          canUnpin={canPin}
          onUnpin={(messageId) =>
            void act(() => pin({ variables: { input: { messageId, pinned: false } } }), t('chat.pinFailed'))
          }
        />
      ) : null}
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-4"
        onScroll={(e) => {
          const el = e.currentTarget;
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_BOTTOM_PX;
        }}
        data-testid="chat-scroll"
      >
        {hasOlder ? (
          <div className="mb-4 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              loading={loadingOlder}
              onClick={() => void loadOlder()}
              data-testid="chat-older"
            >
              {t('chat.older')}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="mx-auto mt-10 max-w-xs text-center text-sm text-ink-300" data-testid="chat-empty">
            👋 {isGroup ? t('chat.emptyGroup') : t('chat.empty')}
          </p>
        ) : (
          <ol className="flex flex-col gap-1" data-testid="chat-messages">
            {days.map((day) => (
              <Fragment key={day.key}>
                <li className="sticky top-0 z-10 my-3 flex justify-center" data-testid="day-separator">
                  <span className="rounded-full bg-ink-800/95 px-3 py-1 text-xs font-semibold text-ink-200 shadow">
                    {dayLabel(day.key, locale, { today: t('chat.today'), yesterday: t('chat.yesterday') })}
                  </span>
                </li>
                {day.items.map((m, i) => {
                  const previous = day.items[i - 1];
                  const showSender =
                    isGroup &&
                    m.sender.id !== viewerId &&
                    (!previous ||
                      previous.sender.id !== m.sender.id ||
                      new Date(m.createdAt).getTime() - new Date(previous.createdAt).getTime() > RUN_GAP_MS);
                  return (
                    <MessageBubble
                      key={m.id}
                      message={m}
                      viewerId={viewerId}
                      showSender={showSender}
                      pinnedNow={pinnedIds.has(m.id)}
                      canPin={canPin}
                      readers={m.id === lastOwn ? readersOf(m, c.members, viewerId) : null}
                      revealing={revealing === m.id}
                      onReveal={() => {
                        setRevealing(m.id);
                        void act(
                          () => reveal({ variables: { input: { messageId: m.id } } }),
                          t('chat.revealFailed'),
                        ).finally(() => setRevealing(null));
                      }}
                      onPin={(pinned) =>
                        void act(
                          () => pin({ variables: { input: { messageId: m.id, pinned } } }),
                          t('chat.pinFailed'),
                        )
                      }
                      onRemove={() => setConfirmRemove(m)}
                      onOpenProfile={onOpenProfile}
                    />
                  );
                })}
              </Fragment>
            ))}
          </ol>
        )}
      </div>
      {c.viewerCanPost ? (
        <Composer conversationId={c.id} onSent={() => (nearBottom.current = true)} />
      ) : (
        <p
          className="border-t border-ink-700 bg-ink-850 px-4 py-4 text-center text-sm text-ink-300"
          data-testid="composer-disabled"
        >
          🔒 {c.viewerIsMember ? t('chat.cannotPost') : t('chat.notMember')}
        </p>
      )}
      {isGroup ? (
        <MembersDialog
          conversation={c}
          open={membersOpen}
          onOpenChange={setMembersOpen}
          viewerId={viewerId}
          viewerIsHost={c.viewerIsHost}
          onOpenProfile={(userId) => {
            setMembersOpen(false);
            onOpenProfile(userId);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirmRemove !== null}
        onCancel={() => setConfirmRemove(null)}
        onConfirm={() => {
          const target = confirmRemove;
          if (!target) return;
          void act(
            () => removeMessage({ variables: { input: { messageId: target.id } } }),
            t('chat.removeFailed'),
          ).finally(() => setConfirmRemove(null));
        }}
        title={t('chat.removeConfirm.title')}
        description={
          confirmRemove && confirmRemove.sender.id !== viewerId
            ? t('chat.removeConfirm.other', { name: confirmRemove.sender.displayName })
            : t('chat.removeConfirm.own')
        }
        confirmLabel={t('chat.remove')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        loading={removing}
        confirmTestId="message-remove-confirm"
      />
    </section>
  );
}
