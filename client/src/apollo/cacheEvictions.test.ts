import { describe, expect, it } from 'vitest';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { gql } from '#client/apollo/gql.ts';
import { ApolloLink } from '@apollo/client/link';
import { print } from 'graphql';
import { Observable } from 'rxjs';
import {
  evictEvent,
  evictEventFields,
  evictFieldsOfEveryEvent,
  evictRootFields,
} from '#client/apollo/cacheEvictions.ts';

const EVENT_REQUESTS = gql`
  query CacheEvictionsRequestsTestQuery($id: ID!) {
    event(id: $id) {
      id
      title
      joinRequests(status: PENDING) {
        id
      }
    }
  }
`;

const EVENT_TITLE = gql`
  query CacheEvictionsTitleTestQuery($id: ID!) {
    event(id: $id) {
      id
      title
    }
  }
`;

const NOTIFICATIONS = gql`
  query CacheEvictionsNotificationsTestQuery {
    notifications(first: 20) {
      nodes {
        id
      }
    }
  }
`;

// A server that answers every query a moment later and notes what it was asked: which fields
// ('requests', 'title' or 'notifications') and for which event.
function setup() {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const text = print(operation.query);
        const id = operation.variables.id as string | undefined;
        const kind = text.includes('notifications')
          ? 'notifications'
          : text.includes('joinRequests')
            ? 'requests'
            : 'title';
        asked.push(id ? `${kind}:${id}` : kind);
        const event = { __typename: 'Event', id, title: `Event ${id}` };
        const data =
          kind === 'notifications'
            ? { notifications: { __typename: 'NotificationConnection', nodes: [] } }
            : {
                event:
                  kind === 'requests'
                    ? { ...event, joinRequests: [{ __typename: 'JoinRequest', id: `r-${id}` }] }
                    : event,
              };
        setTimeout(() => {
          observer.next({ data });
          observer.complete();
        });
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const shown: Record<string, unknown[]> = {};
  const watch = (name: string, query: typeof EVENT_TITLE, variables?: { id: string }) => {
    shown[name] = [];
    client.watchQuery({ query, variables }).subscribe((result) => shown[name].push(result.data));
  };
  watch('requests-1', EVENT_REQUESTS, { id: '1' });
  watch('requests-2', EVENT_REQUESTS, { id: '2' });
  watch('title-1', EVENT_TITLE, { id: '1' });
  watch('notifications', NOTIFICATIONS);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { client, asked, shown, settle };
}

describe('cache evictions', () => {
  it("an event's request lists: only the queries that read them fetch again, showing the old list meanwhile", async () => {
    const { client, asked, shown, settle } = setup();
    await settle();
    asked.length = 0;
    const before = shown['requests-1'].length;
    evictEventFields(client.cache, '1', ['joinRequests']);
    await settle();
    expect(asked).toEqual(['requests:1']);
    const after = shown['requests-1'].slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((data) => data !== undefined)).toBe(true);
  });

  it('a whole event: every query that shows it fetches again, none for other events', async () => {
    const { client, asked, settle } = setup();
    await settle();
    asked.length = 0;
    evictEvent(client.cache, '1');
    await settle();
    expect(asked.sort()).toEqual(['requests:1', 'title:1']);
  });

  it('every event: the request lists of all cached events fetch again', async () => {
    const { client, asked, settle } = setup();
    await settle();
    asked.length = 0;
    evictFieldsOfEveryEvent(client.cache, ['joinRequests']);
    await settle();
    expect(asked.sort()).toEqual(['requests:1', 'requests:2']);
  });

  it('a root field: the queries that read it fetch again', async () => {
    const { client, asked, settle } = setup();
    await settle();
    asked.length = 0;
    evictRootFields(client.cache, ['notifications']);
    await settle();
    expect(asked).toEqual(['notifications']);
  });
});
