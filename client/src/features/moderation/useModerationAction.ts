import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import type {
  CancelEventAsModeratorMutation,
  CancelEventAsModeratorMutationVariables,
  DecideAppealMutation,
  DecideAppealMutationVariables,
  DismissReportMutation,
  DismissReportMutationVariables,
  KeepContentMutation,
  KeepContentMutationVariables,
  RemovableProfileField,
  RemoveContentMutation,
  RemoveContentMutationVariables,
  RestoreUserMutation,
  RestoreUserMutationVariables,
  SuspendUserMutation,
  SuspendUserMutationVariables,
  WarnUserMutation,
  WarnUserMutationVariables,
} from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';

const PAYLOAD = gql`
  fragment ModerationPayload_action on ModerationActionPayload {
    action {
      id
      action
    }
    counts {
      reports
      flags
      appeals
    }
  }
`;

const DISMISS: TypedDocumentNode<DismissReportMutation, DismissReportMutationVariables> = gql`
  mutation DismissReportMutation($input: DismissReportInput!) {
    dismissReport(input: $input) {
      ...ModerationPayload_action
    }
  }
  ${PAYLOAD}
`;
const WARN: TypedDocumentNode<WarnUserMutation, WarnUserMutationVariables> = gql`
  mutation WarnUserMutation($input: WarnUserInput!) {
    warnUser(input: $input) {
      ...ModerationPayload_action
    }
  }
  ${PAYLOAD}
`;
const REMOVE: TypedDocumentNode<RemoveContentMutation, RemoveContentMutationVariables> = gql`
  mutation RemoveContentMutation($input: RemoveContentInput!) {
    removeContent(input: $input) {
      ...ModerationPayload_action
    }
  }
  ${PAYLOAD}
`;
const KEEP: TypedDocumentNode<KeepContentMutation, KeepContentMutationVariables> = gql`
  mutation KeepContentMutation($input: KeepContentInput!) {
    keepContent(input: $input) {
      ...ModerationPayload_action
    }
  }
  ${PAYLOAD}
`;
const CANCEL: TypedDocumentNode<CancelEventAsModeratorMutation, CancelEventAsModeratorMutationVariables> =
  gql`
    mutation CancelEventAsModeratorMutation($input: CancelEventAsModeratorInput!) {
      cancelEventAsModerator(input: $input) {
        ...ModerationPayload_action
      }
    }
    ${PAYLOAD}
  `;
const SUSPEND: TypedDocumentNode<SuspendUserMutation, SuspendUserMutationVariables> = gql`
  mutation SuspendUserMutation($input: SuspendUserInput!) {
    suspendUser(input: $input) {
      ...ModerationPayload_action
    }
  }
  ${PAYLOAD}
`;
const RESTORE: TypedDocumentNode<RestoreUserMutation, RestoreUserMutationVariables> = gql`
  mutation RestoreUserMutation($input: RestoreUserInput!) {
    restoreUser(input: $input) {
      ...ModerationPayload_action
    }
  }
  ${PAYLOAD}
`;
const DECIDE: TypedDocumentNode<DecideAppealMutation, DecideAppealMutationVariables> = gql`
  mutation DecideAppealMutation($input: DecideAppealInput!) {
    decideAppeal(input: $input) {
      appeal {
        id
        status
      }
    }
  }
`;

// What a moderator can do from the console, with what each needs besides the reason.
export type ModerationVerb =
  | { kind: 'dismiss'; reportId: string }
  | { kind: 'warn'; userId: string; reportId?: string; flagId?: string }
  | { kind: 'remove'; flagId: string; reportId?: string }
  | { kind: 'removeField'; userId: string; reportId?: string }
  | { kind: 'keep'; flagId: string }
  | { kind: 'cancelEvent'; eventId: string; reportId?: string }
  | { kind: 'suspend'; userId: string; reportId?: string; flagId?: string }
  | { kind: 'restore'; userId: string }
  | { kind: 'uphold'; appealId: string }
  | { kind: 'overturn'; appealId: string };

export type ActionValues = { reason: string; days: number | null; field: RemovableProfileField };

// Runs one action. Every queue, the log and the open user panel may change with it, so their root
// fields are evicted and read again (the payload's counts have no id to update by).
export function useModerationAction() {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const run = useCallback(
    async (verb: ModerationVerb, values: ActionValues) => {
      setLoading(true);
      try {
        const reason = values.reason;
        switch (verb.kind) {
          case 'dismiss':
            await client.mutate({
              mutation: DISMISS,
              variables: { input: { reportId: verb.reportId, reason } },
            });
            break;
          case 'warn':
            await client.mutate({
              mutation: WARN,
              variables: {
                input: { userId: verb.userId, reportId: verb.reportId, flagId: verb.flagId, reason },
              },
            });
            break;
          case 'remove':
            await client.mutate({
              mutation: REMOVE,
              variables: { input: { flagId: verb.flagId, reportId: verb.reportId, reason } },
            });
            break;
          case 'removeField':
            await client.mutate({
              mutation: REMOVE,
              variables: {
                input: { userId: verb.userId, field: values.field, reportId: verb.reportId, reason },
              },
            });
            break;
          case 'keep':
            await client.mutate({ mutation: KEEP, variables: { input: { flagId: verb.flagId, reason } } });
            break;
          case 'cancelEvent':
            await client.mutate({
              mutation: CANCEL,
              variables: { input: { eventId: verb.eventId, reportId: verb.reportId, reason } },
            });
            break;
          case 'suspend':
            await client.mutate({
              mutation: SUSPEND,
              variables: {
                input: {
                  userId: verb.userId,
                  reportId: verb.reportId,
                  flagId: verb.flagId,
                  reason,
                  days: values.days,
                },
              },
            });
            break;
          case 'restore':
            await client.mutate({ mutation: RESTORE, variables: { input: { userId: verb.userId, reason } } });
            break;
          case 'uphold':
          case 'overturn':
            await client.mutate({
              mutation: DECIDE,
              variables: {
                input: { appealId: verb.appealId, overturn: verb.kind === 'overturn', note: reason },
              },
            });
            break;
        }
        evictRootFields(client.cache, [
          'moderationQueueCounts',
          'moderationReports',
          'contentFlags',
          'moderationAppeals',
          'moderationLog',
          'moderationUser',
        ]);
      } finally {
        setLoading(false);
      }
    },
    [client],
  );
  return { run, loading };
}
