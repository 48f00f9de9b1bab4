import { useEffect, useId, useRef, useState } from 'react';
import { fieldErrors, userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { rateLimitSeconds } from '#client/features/messages/rateLimit.ts';
import { useSendChatMessageMutation } from '#client/features/messages/useSendChatMessageMutation.ts';

export const MESSAGE_MAX_LENGTH = 2000;
// The counter appears when the text gets close to the limit.
const COUNTER_FROM = 1800;

// The thread's message box: Enter sends, Shift+Enter starts a new line. The text stays when sending
// fails, and the reason (the content check's, a rate limit, a block) is shown right here. Refused as
// too fast, sending waits the seconds the server said (the text stays; the note goes when they pass).
export function Composer({ conversationId, onSent }: { conversationId: string; onSent?: () => void }) {
  const { t, fmt } = useI18n();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pause, setPause] = useState<{ seconds: number } | null>(null);
  const [send, { loading }] = useSendChatMessageMutation();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const counterId = useId();
  const text = body.trim();

  useEffect(() => {
    if (!pause) return;
    const timer = setTimeout(() => {
      setPause(null);
      setError(null);
    }, pause.seconds * 1000);
    return () => clearTimeout(timer);
  }, [pause]);

  const submit = async () => {
    if (!text || loading || pause) return;
    setError(null);
    try {
      await send({ variables: { input: { conversationId, body: text } } });
      setBody('');
      onSent?.();
      inputRef.current?.focus();
    } catch (e) {
      setError(fieldErrors(e).body ?? userFacingMessage(e, t('chat.sendFailed')));
      const seconds = rateLimitSeconds(e);
      if (seconds > 0) setPause({ seconds });
    }
  };

  return (
    <form
      className="border-t border-ink-700 bg-ink-900/80 px-3 py-3 sm:px-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="chat-composer"
    >
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mb-2 rounded-xl border border-rose-400/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
          data-testid="composer-error"
          data-paused={pause ? 'true' : undefined}
        >
          {error}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`${counterId}-input`}>
          {t('chat.composer.label')}
        </label>
        <textarea
          id={`${counterId}-input`}
          ref={inputRef}
          value={body}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('chat.composer.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(error && errorId, body.length >= COUNTER_FROM && counterId) || undefined}
          onChange={(e) => {
            setBody(e.target.value);
            if (error && !pause) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          className={cn(
            'field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-xl border bg-ink-850 px-3.5 py-2.5 text-base text-ink-100 placeholder:text-ink-500',
            'transition outline-none focus:border-accent-400 focus:ring-2 focus:ring-accent-500/30',
            error ? 'border-rose-500/80' : 'border-ink-600',
          )}
          data-testid="composer-input"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11"
          loading={loading}
          disabled={!text || pause !== null}
          aria-label={t('chat.composer.send')}
          data-testid="composer-send"
        >
          {loading ? null : (
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              <path d="M3.4 20.4 21 12 3.4 3.6l-.1 6.5L15 12l-11.7 1.9z" />
            </svg>
          )}
        </Button>
      </div>
      <p className="mt-1 flex justify-between px-1 text-[11px] text-ink-500">
        <span className="max-sm:hidden">{t('chat.composer.hint')}</span>
        {body.length >= COUNTER_FROM ? (
          <span
            id={counterId}
            className={cn('ml-auto', body.length >= MESSAGE_MAX_LENGTH ? 'text-rose-300' : 'text-ink-300')}
          >
            {fmt.number(body.length)}/{fmt.number(MESSAGE_MAX_LENGTH)}
          </span>
        ) : null}
      </p>
    </form>
  );
}
