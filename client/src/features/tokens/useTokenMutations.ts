import { useCallback } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { useMutation } from '@apollo/client/react';
import type {
  ApplyReferralCodeMutation,
  ApplyReferralCodeMutationVariables,
  SetAutoRefillInput,
  SetAutoRefillMutation,
  SetAutoRefillMutationVariables,
  StartTokenPurchaseMutation,
  StartTokenPurchaseMutationVariables,
} from '#client/__generated__/graphql.ts';

export const START_TOKEN_PURCHASE_MUTATION: TypedDocumentNode<
  StartTokenPurchaseMutation,
  StartTokenPurchaseMutationVariables
> = gql`
  mutation StartTokenPurchaseMutation($input: StartTokenPurchaseInput!) {
    startTokenPurchase(input: $input) {
      checkoutUrl
      purchase {
        id
        status
      }
    }
  }
`;

// The auto-refill card reads these fields; the payload returns them so the cache updates by id.
export const AUTO_REFILL_FRAGMENT = gql`
  fragment AutoRefill_user on User {
    id
    autoRefill {
      enabled
      threshold
      package {
        id
        name
      }
      paymentMethod {
        provider
        brand
        last4
      }
    }
  }
`;

export const SET_AUTO_REFILL_MUTATION: TypedDocumentNode<
  SetAutoRefillMutation,
  SetAutoRefillMutationVariables
> = gql`
  mutation SetAutoRefillMutation($input: SetAutoRefillInput!) {
    setAutoRefill(input: $input) {
      viewer {
        ...AutoRefill_user
      }
    }
  }
  ${AUTO_REFILL_FRAGMENT}
`;

export const APPLY_REFERRAL_CODE_MUTATION: TypedDocumentNode<
  ApplyReferralCodeMutation,
  ApplyReferralCodeMutationVariables
> = gql`
  mutation ApplyReferralCodeMutation($input: ApplyReferralCodeInput!) {
    applyReferralCode(input: $input) {
      referrer {
        id
        displayName
      }
    }
  }
`;

export function useStartTokenPurchase() {
  const [mutate, { loading }] = useMutation(START_TOKEN_PURCHASE_MUTATION);
  const start = async (packageId: string, saveMethod: boolean) => {
    const { data } = await mutate({ variables: { input: { packageId, saveMethod } } });
    return data!.startTokenPurchase;
  };
  return { start, loading };
}

export function useSetAutoRefill() {
  const [mutate, { loading }] = useMutation(SET_AUTO_REFILL_MUTATION);
  return { save: (input: SetAutoRefillInput) => mutate({ variables: { input } }), loading };
}

export function useApplyReferralCode() {
  const [mutate, { loading }] = useMutation(APPLY_REFERRAL_CODE_MUTATION);
  const apply = useCallback(
    async (code: string) => {
      const { data } = await mutate({ variables: { input: { code } } });
      return data!.applyReferralCode.referrer;
    },
    [mutate],
  );
  return { apply, loading };
}
