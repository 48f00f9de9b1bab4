import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type { LeaveEventMutation, LeaveEventMutationVariables } from '#client/__generated__/graphql.ts';
import { evictRootFields } from '#client/apollo/cacheEvictions.ts';
import { EVENT_PLACE_FRAGMENT, EVENT_ROSTER_FRAGMENT } from '#client/apollo/eventFragments.ts';
import { JOIN_STATUS_PANEL_FRAGMENT } from '#client/features/join-requests/joinStatusFragment.ts';

export const LEAVE_EVENT_MUTATION: TypedDocumentNode<LeaveEventMutation, LeaveEventMutationVariables> = gql`
  mutation LeaveEventMutation($input: LeaveEventInput!) {
    leaveEvent(input: $input) {
      event {
        ...JoinStatusPanel_event
        participantCount
        ...EventPlace_event
        ...EventRoster_event
      }
    }
  }
  ${JOIN_STATUS_PANEL_FRAGMENT}
  ${EVENT_ROSTER_FRAGMENT}
  ${EVENT_PLACE_FRAGMENT}
`;

// A participant leaves: the event's count, participants, role and (now approximate) place update by id.
export function useLeaveEventMutation() {
  return useMutation(LEAVE_EVENT_MUTATION, {
    update(cache) {
      evictRootFields(cache, ['myEvents', 'myEventCounts']);
    },
  });
}
