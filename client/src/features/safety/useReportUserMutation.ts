import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { ReportUserMutation, ReportUserMutationVariables } from '#client/__generated__/graphql.ts';

export const REPORT_USER_MUTATION: TypedDocumentNode<ReportUserMutation, ReportUserMutationVariables> = gql`
  mutation ReportUserMutation($input: ReportUserInput!) {
    reportUser(input: $input) {
      report {
        id
        reason
        createdAt
      }
    }
  }
`;

// Files a report; nothing on screen shows reports, so there is no cache to update.
export function useReportUserMutation() {
  return useMutation(REPORT_USER_MUTATION);
}
