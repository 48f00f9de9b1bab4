import { useRef } from 'react';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { AvatarRefused, useAvatarUpload } from '#client/features/profile/useAvatarUpload.ts';
import { useUpdateProfileMutation } from '#client/features/profile/useUpdateProfileMutation.ts';

// The profile picture with its upload (spec §4: uploading state, then the picture is replaced).
export function AvatarUploader({
  name,
  url,
  maxBytes,
}: {
  name: string;
  url: string | null;
  maxBytes: number;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading } = useAvatarUpload(maxBytes);
  const { update, loading: removing } = useUpdateProfileMutation();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload(file);
      toast.success(t('profile.avatar.done'));
    } catch (error) {
      if (error instanceof AvatarRefused) {
        const key =
          error.reason === 'notImage'
            ? 'profile.avatar.notImage'
            : error.reason === 'tooLarge'
              ? 'profile.avatar.tooLarge'
              : error.reason === 'noUrl'
                ? 'profile.avatar.noUrl'
                : 'profile.avatar.failed';
        toast.error(error.serverMessage ?? t(key));
      } else {
        toast.error(userFacingMessage(error, t('profile.avatar.failed')));
      }
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    try {
      await update({ removeAvatar: true });
      toast.success(t('profile.avatar.removed'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('profile.form.failed')));
    }
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative">
        <Avatar name={name} url={url} className="size-28 text-3xl ring-4 ring-ink-800" />
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-label={t('profile.avatar.change')}
          title={t('profile.avatar.change')}
          data-testid="avatar-upload"
          className="absolute right-0 bottom-0 flex size-10 items-center justify-center rounded-full border-2 border-ink-850 bg-accent-gradient text-lg text-white shadow-lg transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-accent-300 focus-visible:outline-none disabled:opacity-70"
        >
          {uploading ? <Spinner /> : <span aria-hidden="true">📷</span>}
        </button>
        {uploading ? (
          <span
            role="status"
            className="absolute inset-0 flex items-center justify-center rounded-full bg-black/55 px-2 text-center text-xs font-semibold text-white"
          >
            {t('profile.avatar.uploading')}
          </span>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {url ? (
        <button
          type="button"
          onClick={() => void remove()}
          disabled={removing || uploading}
          className="text-xs text-ink-300 underline-offset-2 hover:text-rose-300 hover:underline"
        >
          {t('profile.avatar.remove')}
        </button>
      ) : null}
    </div>
  );
}
