import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  ReportUnsafeEventMutation,
  ReportUnsafeEventMutationVariables,
} from '#client/__generated__/graphql.ts';

export const REPORT_UNSAFE_EVENT_MUTATION: TypedDocumentNode<
  ReportUnsafeEventMutation,
  ReportUnsafeEventMutationVariables
> = gql`
  mutation ReportUnsafeEventMutation($input: ReportUnsafeEventInput!) {
    reportUnsafeEvent(input: $input) {
      report {
        id
        priority
        subject
      }
    }
  }
`;

// 'Kendimi güvende hissetmedim' (ADR 069); nothing on the reporter's screens lists reports.
export function useReportUnsafeEventMutation() {
  return useMutation(REPORT_UNSAFE_EVENT_MUTATION);
}
