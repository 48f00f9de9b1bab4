import type { ApolloClient } from '@apollo/client';

// Reads again the queries on screen whose operation name is listed (the others are left alone, and
// unlike refetchQueries({ include }) nothing is logged for names not on screen).
export function refetchActive(client: ApolloClient, names: readonly string[]): void {
  if (names.length === 0) return;
  const wanted = new Set(names);
  client.getObservableQueries('active').forEach((query) => {
    if (query.queryName && wanted.has(query.queryName)) void query.refetch().catch(() => undefined);
  });
}
