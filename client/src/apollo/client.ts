import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloLink } from '@apollo/client/link';
import { HttpLink } from '@apollo/client/link/http';
import { SetContextLink } from '@apollo/client/link/context';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { Kind, OperationTypeNode } from 'graphql';
import { createAuthRetryLink } from '#client/apollo/authRetryLink.ts';
import { WsLink } from '#client/apollo/wsLink.ts';
import { cursorPagePolicy } from '#client/apollo/pagination.ts';
import {
  createSuspensionLink,
  SUSPENDED_CLOSE_CODE,
  type SuspensionNotice,
} from '#client/apollo/suspensionLink.ts';

export const REQUEST_TIMEOUT_MS = 30_000;

export type ApolloClientOptions = {
  // Absolute or origin-relative path of the GraphQL endpoint (config.graphqlPath).
  graphqlPath: string;
  // Current access token, refreshed when about to expire; null when signed out.
  getAccessToken: () => Promise<string | null>;
  // Renews the token after a refusal; receives the access token the refused request carried (null for
  // WebSocket operations), so a token another request already replaced is not refreshed again.
  refresh: (usedAccessToken: string | null) => Promise<unknown>;
  onRefreshFailure: (error: unknown) => void;
  getLanguage: () => string;
  // The subscription socket (re)connected; wasRetry is true after a lost connection.
  onSocketConnected?: (wasRetry: boolean) => void;
  // A moderator suspended the account (ADR 039).
  onSuspended?: (notice: SuspensionNotice) => void;
};

// fetch with a 30 s timeout that still honours Apollo's own abort signal.
export function fetchWithTimeout(timeoutMs: number = REQUEST_TIMEOUT_MS): typeof fetch {
  return (input, init = {}) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}

function webSocketUrl(path: string): string {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

// Objects without an id (a user's stats, an event's place and analytics) are merged field by field,
// so screens that ask for different fields of the same object do not overwrite each other's. Paged
// lists that grow (the inbox, a conversation's messages, friends) are one cached list each.
export function createCache() {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: { conversations: cursorPagePolicy('after'), friends: cursorPagePolicy('after') },
      },
      Conversation: {
        fields: {
          messagePage: cursorPagePolicy('before'),
          // Members have no id of their own: the newest list replaces the cached one.
          members: { merge: false },
        },
      },
      UserStats: { merge: true },
      EventLocation: { merge: true },
      EventAnalytics: { merge: true },
      LobbyStats: { merge: true },
    },
  });
}

const sockets = new Set<ReturnType<typeof createClient>>();

// The language changed: open the socket again so the server hears the new one (subscriptions
// continue on the new socket).
export function reconnectSockets(): void {
  for (const socket of sockets) socket.terminate();
}

export function createApolloClient(options: ApolloClientOptions) {
  const headers = new SetContextLink(async (prev) => {
    const token = await options.getAccessToken().catch(() => null);
    return {
      headers: {
        ...(prev.headers as Record<string, string> | undefined),
        'Accept-Language': options.getLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    };
  });

  const http = new HttpLink({ uri: options.graphqlPath, fetch: fetchWithTimeout() });

  const socket = createClient({
    url: webSocketUrl(options.graphqlPath),
    lazy: true,
    // Evaluated on every (re)connect, so a reconnect carries the newest token.
    // The app's language too: live notifications and toasts are written in it, not in the
    // browser's (the WebSocket's own Accept-Language header is the browser's).
    connectionParams: async () => {
      const token = await options.getAccessToken().catch(() => null);
      return {
        'Accept-Language': options.getLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      };
    },
    retryAttempts: Infinity,
    on: { connected: (_socket, _payload, wasRetry) => options.onSocketConnected?.(wasRetry) },
    // 4403 (token refused) goes up to the auth retry link, which refreshes and subscribes again;
    // 4423 (account suspended) to the suspension link. Neither is retried here.
    shouldRetry: (event) =>
      !(
        typeof event === 'object' &&
        event !== null &&
        'code' in event &&
        (event.code === 4403 || event.code === SUSPENDED_CLOSE_CODE)
      ),
  });
  sockets.add(socket);
  const ws = new WsLink(socket);

  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    return (
      definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION
    );
  };

  const link = ApolloLink.from([
    createSuspensionLink((notice) => options.onSuspended?.(notice)),
    createAuthRetryLink({
      refresh: (operation) => {
        const header = (operation.getContext().headers as Record<string, string> | undefined)?.Authorization;
        return options.refresh(header?.startsWith('Bearer ') ? header.slice(7) : null);
      },
      onRefreshFailure: options.onRefreshFailure,
    }),
    ApolloLink.split(isSubscription, ws, headers.concat(http)),
  ]);

  return new ApolloClient({ link, cache: createCache() });
}
