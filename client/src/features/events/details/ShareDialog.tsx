import { useEffect, useState } from 'react';
import type { ShareChannel } from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { copyText } from '#client/lib/clipboard.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { useRecordEventShare } from '#client/features/events/details/useEventActivity.ts';

// Spec: 'Copied!' shows for 2 s after Copy Link.
export const COPIED_MS = 2000;

// The public page (ADR 049): a signed-out friend sees the event there, a signed-in one is led on to
// its page in the app (issue 27).
export function shareUrl(eventId: string, origin: string = window.location.origin): string {
  return `${origin}/e/${eventId}`;
}

export function ShareDialog({
  open,
  onOpenChange,
  eventId,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: string;
  title: string;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const record = useRecordEventShare();
  const [copied, setCopied] = useState(false);
  const url = shareUrl(eventId);
  const text = t('share.text', { title });

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = async (channel: ShareChannel) => {
    record(eventId, channel);
    if (channel === 'TWITTER') {
      const target = `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
      window.open(target, '_blank', 'noopener,noreferrer');
      return;
    }
    if (channel === 'WHATSAPP') {
      window.open(
        `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
        '_blank',
        'noopener,noreferrer',
      );
      return;
    }
    try {
      if (channel === 'COPY_LINK') {
        await copyText(url);
        setCopied(true);
      } else {
        await copyText(`${text} ${url}`);
        toast.success(t('share.discordCopied'));
      }
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('share.title')} closeLabel={t('common.close')}>
      <p className="text-sm text-ink-200">{text}</p>
      <div className="flex items-center gap-2 rounded-xl border border-ink-600 bg-ink-900 px-3 py-2">
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-ink-300" data-testid="share-url">
          {url}
        </span>
        <Button size="sm" variant={copied ? 'secondary' : 'primary'} onClick={() => void share('COPY_LINK')}>
          {copied ? `✓ ${t('share.copied')}` : `🔗 ${t('share.copy')}`}
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Button variant="outline" onClick={() => void share('TWITTER')}>
          𝕏 {t('share.twitter')}
        </Button>
        <Button variant="outline" onClick={() => void share('WHATSAPP')}>
          💬 {t('share.whatsapp')}
        </Button>
        <Button variant="outline" onClick={() => void share('DISCORD')}>
          🎧 {t('share.discord')}
        </Button>
      </div>
    </Dialog>
  );
}
