import { useEffect, useMemo, useRef, useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useLazyQuery, useMutation } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import QRCode from 'qrcode';
import type {
  CheckInCodeQuery,
  CheckInCodeQueryVariables,
  CheckInMutation,
  CheckInMutationVariables,
} from '#client/__generated__/graphql.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { Dialog } from '#client/components/ui/Dialog.tsx';
import { Input } from '#client/components/ui/Input.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';
import { ATTENDANCE_PANEL_QUERY } from '#client/features/join-requests/AttendancePanel.tsx';

const CHECK_IN_CODE_QUERY: TypedDocumentNode<CheckInCodeQuery, CheckInCodeQueryVariables> = gql`
  query CheckInCodeQuery($id: ID!) {
    event(id: $id) {
      id
      checkInCode
      checkInUrl
    }
  }
`;

const CHECK_IN_MUTATION: TypedDocumentNode<CheckInMutation, CheckInMutationVariables> = gql`
  mutation CheckInMutation($input: CheckInInput!) {
    checkIn(input: $input) {
      event {
        id
        viewerAttendance
      }
    }
  }
`;

// The QR code as one SVG path, drawn from the qrcode package's module matrix: no canvas, no inline
// markup, nothing the content security policy has to allow.
function QrImage({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    return { size: modules.size + 8, path: d };
  }, [text]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className="size-64 max-w-full rounded-xl bg-white"
      shapeRendering="crispEdges"
      data-testid="check-in-qr"
    >
      <path d={path} fill="#0b0614" />
    </svg>
  );
}

// The host's check-in code for a physical event (ADR 049): a QR code that opens the event's check-in
// link on a participant's phone, and the code itself to read out or type.
export function CheckInCodeButton({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [load, { data, loading }] = useLazyQuery(CHECK_IN_CODE_QUERY);
  const event = data?.event;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => {
          setOpen(true);
          void load({ variables: { id: eventId } });
        }}
        data-testid="check-in-open"
      >
        <span aria-hidden="true">📷</span>
        {t('checkIn.qr.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('checkIn.qr.title')} closeLabel={t('common.close')}>
        <div className="flex flex-col items-center gap-4 text-center">
          {loading || !event?.checkInUrl || !event.checkInCode ? (
            <Spinner />
          ) : (
            <>
              <QrImage text={event.checkInUrl} label={t('checkIn.qr.image')} />
              <p
                className="font-mono text-3xl font-extrabold tracking-[0.3em] text-white"
                data-testid="check-in-code"
              >
                {event.checkInCode}
              </p>
            </>
          )}
          <p className="text-sm text-ink-300">{t('checkIn.qr.hint')}</p>
        </div>
      </Dialog>
    </>
  );
}

function useCheckIn(eventId: string) {
  const { t } = useI18n();
  const toast = useToast();
  const [mutate, { loading }] = useMutation(CHECK_IN_MUTATION, {
    refetchQueries: [{ query: ATTENDANCE_PANEL_QUERY, variables: { id: eventId } }],
  });
  const checkIn = async (code: string) => {
    try {
      await mutate({ variables: { input: { eventId, code } } });
      toast.success(t('checkIn.done'));
      return true;
    } catch (error) {
      toast.error(userFacingMessage(error, t('checkIn.failed')));
      return false;
    }
  };
  return { checkIn, loading };
}

// An accepted participant at the meeting point: types the host's code. A scanned QR code opens
// /e/<id>/checkin?code=…, which comes here with ?checkin=…, and is sent at once.
export function CheckInForm({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  const { checkIn, loading } = useCheckIn(eventId);
  const [code, setCode] = useState('');
  const [params, setParams] = useSearchParams();
  const linked = params.get('checkin');
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!linked || sent.current === linked) return;
    sent.current = linked;
    setParams(
      (p) => {
        p.delete('checkin');
        return p;
      },
      { replace: true },
    );
    void checkIn(linked);
    // Once per code in the address; checkIn is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked, setParams]);

  return (
    <form
      className="flex flex-col gap-2 rounded-xl border border-accent-500/40 bg-accent-500/10 p-4"
      data-testid="check-in-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void checkIn(code).then((ok) => ok && setCode(''));
      }}
    >
      <p className="font-semibold text-white">{t('checkIn.form.title')}</p>
      <p className="text-sm text-ink-300">{t('checkIn.form.hint')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <Input
          label={t('checkIn.form.label')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          className="min-w-40 flex-1"
        />
        <Button type="submit" loading={loading} disabled={!code.trim()}>
          {t('checkIn.form.submit')}
        </Button>
      </div>
    </form>
  );
}
