import { useEffect, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useQuery } from '@apollo/client/react';
import type { ConversationQuery, ConversationQueryVariables } from '#client/__generated__/graphql.ts';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { Textarea } from '#client/components/ui/Textarea.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { timeAgo } from '#client/lib/i18n/timeAgo.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { CONVERSATION_FIELDS_FRAGMENT } from '#client/features/messages/conversationFragment.ts';
import { useSendMessageMutation } from '#client/features/messages/useSendMessageMutation.ts';

export const CONVERSATION_QUERY: TypedDocumentNode<ConversationQuery, ConversationQueryVariables> = gql`
  query ConversationQuery($eventId: ID!, $withUserId: ID) {
    me {
      id
    }
    conversation(eventId: $eventId, withUserId: $withUserId) {
      ...ConversationFields_conversation
    }
  }
  ${CONVERSATION_FIELDS_FRAGMENT}
`;

export type MessageTarget = {
  eventId: string;
  // The host names the requester or participant; everyone else writes to the host (null).
  withUserId: string | null;
  name: string;
};

// The Message dialog: the conversation so far above, a textarea ('Type your message...'), Cancel and
// Send (disabled while the trimmed text is blank). It stays open after sending, like a chat.
export function MessageDialog({ target, onClose }: { target: MessageTarget | null; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={target ? t('message.title', { name: target.name }) : ''}
      closeLabel={t('common.close')}
    >
      {target ? (
        <Conversation
          key={`${target.eventId}:${target.withUserId ?? ''}`}
          target={target}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function Conversation({ target, onClose }: { target: MessageTarget; onClose: () => void }) {
  const { t, fmt, locale } = useI18n();
  const toast = useToast();
  const [body, setBody] = useState('');
  const variables = { eventId: target.eventId, withUserId: target.withUserId };
  const { data, loading } = useQuery(CONVERSATION_QUERY, { variables, fetchPolicy: 'cache-and-network' });
  const [send, { loading: sending }] = useSendMessageMutation(variables);
  const listRef = useRef<HTMLOListElement>(null);
  const messages = data?.conversation?.messages ?? [];
  const myId = data?.me.id;

  // The newest message in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const submit = async () => {
    const text = body.trim();
    if (!text) return;
    try {
      await send({
        variables: { input: { eventId: target.eventId, toUserId: target.withUserId, body: text } },
      });
      setBody('');
    } catch (error) {
      toast.error(userFacingMessage(error, t('message.failed')));
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="message-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <section aria-label={t('message.history')}>
        {loading && !data ? (
          <p className="flex items-center gap-2 text-sm text-ink-300">
            <Spinner /> {t('message.loading')}
          </p>
        ) : messages.length === 0 ? (
          <p className="rounded-xl bg-ink-800/60 px-3 py-4 text-center text-sm text-ink-300">
            {t('message.empty')}
          </p>
        ) : (
          <ol
            ref={listRef}
            className="flex max-h-72 flex-col gap-2 overflow-y-auto rounded-xl bg-ink-900/50 p-3"
            data-testid="message-history"
          >
            {messages.map((message) => {
              const mine = message.sender.id === myId;
              return (
                <li
                  key={message.id}
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
                    mine ? 'self-end bg-accent-600/80 text-white' : 'self-start bg-ink-700 text-ink-100',
                  )}
                >
                  <p className="text-[11px] font-semibold opacity-80">
                    {mine ? t('message.you') : message.sender.displayName} ·{' '}
                    <time dateTime={message.createdAt} title={fmt.dateTime(message.createdAt)}>
                      {timeAgo(message.createdAt, locale)}
                    </time>
                  </p>
                  <p className="break-words whitespace-pre-line">{message.body}</p>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <Textarea
        label={t('message.label')}
        placeholder={t('message.placeholder')}
        value={body}
        maxLength={2000}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter sends; Enter alone makes a new line.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {data?.conversation ? (
          <Link
            to={`/dashboard/inbox/${data.conversation.id}`}
            className={buttonClasses('ghost', 'md', 'mr-auto text-accent-400')}
            data-testid="message-open-inbox"
          >
            📥 {t('message.openInInbox')}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('message.cancel')}
        </Button>
        <Button type="submit" loading={sending} disabled={!body.trim()}>
          {t('message.send')}
        </Button>
      </div>
    </form>
  );
}
