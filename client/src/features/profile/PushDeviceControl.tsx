import { useEffect, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  RegisterPushSubscriptionMutation,
  RegisterPushSubscriptionMutationVariables,
  RemovePushSubscriptionMutation,
  RemovePushSubscriptionMutationVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { getConfig } from '#client/lib/config.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { applicationServerKey, pushSupport, type PushSupport } from '#client/features/profile/pushSupport.ts';

const REGISTER: TypedDocumentNode<
  RegisterPushSubscriptionMutation,
  RegisterPushSubscriptionMutationVariables
> = gql`
  mutation RegisterPushSubscriptionMutation($input: RegisterPushSubscriptionInput!) {
    registerPushSubscription(input: $input) {
      device {
        id
      }
    }
  }
`;
const REMOVE: TypedDocumentNode<RemovePushSubscriptionMutation, RemovePushSubscriptionMutationVariables> =
  gql`
    mutation RemovePushSubscriptionMutation($input: RemovePushSubscriptionInput!) {
      removePushSubscription(input: $input) {
        removed
      }
    }
  `;

// "Bildirimleri aç" (ADR 046): asks the browser's permission and subscribes this device through the
// service worker the PWA registers; without one (or without push support) it says why instead.
export function PushDeviceControl() {
  const { t } = useI18n();
  const toast = useToast();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [register] = useMutation(REGISTER);
  const [remove] = useMutation(REMOVE);

  useEffect(() => {
    let live = true;
    void pushSupport().then(async (s) => {
      if (!live) return;
      setSupport(s);
      if (s.kind === 'ready') setSubscription(await s.registration.pushManager.getSubscription());
    });
    return () => {
      live = false;
    };
  }, []);

  const enable = async () => {
    if (support?.kind !== 'ready') return;
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        toast.error(t('push.denied'));
        return;
      }
      const key = getConfig().push?.vapidPublicKey;
      if (!key) throw new Error('no VAPID key');
      const registration = await navigator.serviceWorker.ready;
      const sub = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(key),
      });
      const json = sub.toJSON();
      await register({
        variables: {
          input: {
            endpoint: sub.endpoint,
            p256dh: json.keys?.p256dh ?? '',
            auth: json.keys?.auth ?? '',
            userAgent: navigator.userAgent.slice(0, 300),
          },
        },
      });
      setSubscription(sub);
      toast.success(t('push.on'));
    } catch {
      toast.error(t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    if (!subscription) return;
    setBusy(true);
    try {
      await remove({ variables: { input: { endpoint: subscription.endpoint } } });
      await subscription.unsubscribe();
      setSubscription(null);
      toast.success(t('push.off'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-ink-700 bg-ink-900/40 p-3"
      data-testid="push-control"
    >
      <p className="font-semibold text-white">🔔 {t('push.title')}</p>
      {support === null ? null : support.kind === 'unsupported' ? (
        <p className="text-sm text-ink-300">{t('push.unsupported')}</p>
      ) : support.kind === 'no-worker' ? (
        <p className="text-sm text-ink-300" data-testid="push-no-worker">
          {t('push.noWorker')}
        </p>
      ) : subscription ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-emerald-200">{t('push.enabled')}</p>
          <Button size="sm" variant="outline" loading={busy} onClick={() => void disable()}>
            {t('push.disable')}
          </Button>
        </div>
      ) : (
        <Button size="sm" className="self-start" loading={busy} onClick={() => void enable()}>
          {t('push.enable')}
        </Button>
      )}
    </div>
  );
}
