import type { TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type {
  ConfirmHomeMutation,
  ConfirmHomeMutationVariables,
  EndSafetyCheckMutation,
  EndSafetyCheckMutationVariables,
  ExtendSafetyCheckMutation,
  ExtendSafetyCheckMutationVariables,
  SafetyPlanPanelQuery,
  SafetyPlanPanelQueryVariables,
  ShareSafetyPlanMutation,
  ShareSafetyPlanMutationVariables,
} from '#client/__generated__/graphql.ts';
import { gql } from '#client/apollo/gql.ts';

const PLAN_FIELDS = gql`
  fragment SafetyPlanPanel_plan on SafetyPlan {
    id
    state
    expectedHomeAt
    askedAt
    homeAt
    alertedAt
    shareExactPlace
    contacts {
      id
      email
    }
  }
`;

export const SAFETY_PLAN_PANEL_QUERY: TypedDocumentNode<SafetyPlanPanelQuery, SafetyPlanPanelQueryVariables> =
  gql`
    query SafetyPlanPanelQuery($eventId: ID!) {
      mySafetyPlan(eventId: $eventId) {
        ...SafetyPlanPanel_plan
      }
      trustedContacts {
        id
        email
        confirmed
      }
      event(id: $eventId) {
        id
        endsAt
      }
    }
    ${PLAN_FIELDS}
  `;

const SHARE: TypedDocumentNode<ShareSafetyPlanMutation, ShareSafetyPlanMutationVariables> = gql`
  mutation ShareSafetyPlanMutation($input: ShareSafetyPlanInput!) {
    shareSafetyPlan(input: $input) {
      plan {
        ...SafetyPlanPanel_plan
      }
    }
  }
  ${PLAN_FIELDS}
`;

const HOME: TypedDocumentNode<ConfirmHomeMutation, ConfirmHomeMutationVariables> = gql`
  mutation ConfirmHomeMutation($input: SafetyPlanRefInput!) {
    confirmHome(input: $input) {
      plan {
        ...SafetyPlanPanel_plan
      }
    }
  }
  ${PLAN_FIELDS}
`;

const EXTEND: TypedDocumentNode<ExtendSafetyCheckMutation, ExtendSafetyCheckMutationVariables> = gql`
  mutation ExtendSafetyCheckMutation($input: ExtendSafetyCheckInput!) {
    extendSafetyCheck(input: $input) {
      plan {
        ...SafetyPlanPanel_plan
      }
    }
  }
  ${PLAN_FIELDS}
`;

const END: TypedDocumentNode<EndSafetyCheckMutation, EndSafetyCheckMutationVariables> = gql`
  mutation EndSafetyCheckMutation($input: SafetyPlanRefInput!) {
    endSafetyCheck(input: $input) {
      plan {
        ...SafetyPlanPanel_plan
      }
    }
  }
  ${PLAN_FIELDS}
`;

// The viewer's plan for an event and what changes it (ADR 068). Sharing refetches the panel's query
// (the plan appears where null was); the check's changes update the plan by id.
export function useSafetyPlan(eventId: string) {
  const query = useQuery(SAFETY_PLAN_PANEL_QUERY, {
    variables: { eventId },
    fetchPolicy: 'cache-and-network',
    // The question ('Eve vardın mı?') and an alert are set by the job: seen within a minute.
    pollInterval: 60_000,
  });
  const refetch = { refetchQueries: [SAFETY_PLAN_PANEL_QUERY], awaitRefetchQueries: true };
  const [share, shareState] = useMutation(SHARE, refetch);
  const [home] = useMutation(HOME);
  const [extend] = useMutation(EXTEND);
  const [end] = useMutation(END);
  return {
    ...query,
    sharing: shareState.loading,
    share: (input: ShareSafetyPlanMutationVariables['input']) => share({ variables: { input } }),
    home: (planId: string) => home({ variables: { input: { planId } } }),
    extend: (planId: string, expectedHomeAt: string) =>
      extend({ variables: { input: { planId, expectedHomeAt } } }),
    end: (planId: string) => end({ variables: { input: { planId } } }),
  };
}
