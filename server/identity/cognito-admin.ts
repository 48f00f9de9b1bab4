import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Config } from '#server/lib/config.ts';

// The one administrative call the app makes to a real Cognito user pool: signing a suspended user
// out everywhere (refresh tokens revoked; Cognito refuses the access tokens in its own APIs, and the
// app refuses them by the suspension it reads on every request). Credentials come from the AWS chain.
export function createCognitoAdmin(config: Config) {
  const client = new CognitoIdentityProviderClient({ region: config.cognito.region });
  return {
    async globalSignOut(username: string): Promise<void> {
      await client.send(
        new AdminUserGlobalSignOutCommand({ UserPoolId: config.cognito.userPoolId, Username: username }),
      );
    },
  };
}
