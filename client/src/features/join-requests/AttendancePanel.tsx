import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation, useQuery } from '@apollo/client/react';
import type {
  AttendancePanelQuery,
  AttendancePanelQueryVariables,
  RecordAttendanceMutation,
  RecordAttendanceMutationVariables,
} from '#client/__generated__/graphql.ts';
import { Avatar } from '#client/components/ui/Avatar.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { useToast } from '#client/components/ui/Toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { useI18n } from '#client/lib/i18n/useI18n.ts';
import { userFacingMessage } from '#client/apollo/userFacingMessage.ts';

export const ATTENDANCE_PANEL_QUERY: TypedDocumentNode<AttendancePanelQuery, AttendancePanelQueryVariables> =
  gql`
    query AttendancePanelQuery($id: ID!) {
      event(id: $id) {
        id
        participants {
          attended
          user {
            id
            displayName
            avatarUrl
          }
        }
      }
    }
  `;

const RECORD_ATTENDANCE_MUTATION: TypedDocumentNode<
  RecordAttendanceMutation,
  RecordAttendanceMutationVariables
> = gql`
  mutation RecordAttendanceMutation($input: RecordAttendanceInput!) {
    recordAttendance(input: $input) {
      event {
        id
        participants {
          attended
          user {
            id
          }
        }
      }
    }
  }
`;

// The host marks who came once the event has started (ADR 049): Geldi / Gelmedi per participant.
export function AttendancePanel({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const { data } = useQuery(ATTENDANCE_PANEL_QUERY, {
    variables: { id: eventId },
    fetchPolicy: 'cache-and-network',
  });
  const [record, { loading }] = useMutation(RECORD_ATTENDANCE_MUTATION, {
    refetchQueries: [{ query: ATTENDANCE_PANEL_QUERY, variables: { id: eventId } }],
  });
  const participants = data?.event?.participants ?? [];
  const [marks, setMarks] = useState<Record<string, boolean>>({});
  if (participants.length === 0) return null;
  const valueOf = (userId: string, saved: boolean | null) => marks[userId] ?? saved;

  const save = async () => {
    const attendees = participants
      .map((p) => ({ userId: p.user.id, attended: valueOf(p.user.id, p.attended) }))
      .filter((a): a is { userId: string; attended: boolean } => a.attended != null);
    if (attendees.length === 0) return;
    try {
      await record({ variables: { input: { eventId, attendees } } });
      setMarks({});
      toast.success(t('attendance.saved'));
    } catch (error) {
      toast.error(userFacingMessage(error, t('attendance.failed')));
    }
  };

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-ink-700 bg-ink-850/80 p-4"
      data-testid="attendance-panel"
    >
      <div>
        <h3 className="font-bold text-white">{t('attendance.title')}</h3>
        <p className="text-sm text-ink-300">{t('attendance.hint')}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {participants.map((p) => {
          const value = valueOf(p.user.id, p.attended);
          return (
            <li key={p.user.id} className="flex items-center gap-3" data-testid="attendance-row">
              <Avatar name={p.user.displayName} url={p.user.avatarUrl} className="size-8" />
              <span className="min-w-0 flex-1 truncate text-sm text-white">{p.user.displayName}</span>
              <div className="flex gap-1" role="group" aria-label={p.user.displayName}>
                {([true, false] as const).map((came) => (
                  <button
                    key={String(came)}
                    type="button"
                    aria-pressed={value === came}
                    onClick={() => setMarks((m) => ({ ...m, [p.user.id]: came }))}
                    className={cn(
                      'rounded-lg border px-3 py-1 text-xs font-semibold',
                      value === came
                        ? came
                          ? 'border-emerald-400 bg-emerald-500/20 text-emerald-100'
                          : 'border-rose-400 bg-rose-500/20 text-rose-100'
                        : 'border-ink-600 text-ink-300 hover:border-ink-400',
                    )}
                  >
                    {came ? `✓ ${t('attendance.came')}` : `✕ ${t('attendance.noShow')}`}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      <Button
        size="sm"
        className="self-start"
        loading={loading}
        onClick={() => void save()}
        data-testid="attendance-save"
      >
        {t('attendance.save')}
      </Button>
    </section>
  );
}
