import type { Deps } from '#server/context/deps.ts';
import { createEventsService } from './events/events.service.ts';
import { createTokensService } from './tokens/tokens.service.ts';
import { createUsersService } from './users/users.service.ts';

// Every domain service, built once from the shared dependencies. GraphQL resolvers and the REST shim
// both call these; nothing is written twice.
export function createServices(deps: Deps) {
  const tokens = createTokensService(deps);
  const users = createUsersService(deps, tokens);
  const events = createEventsService(deps, tokens);
  return { tokens, users, events };
}

export type Services = ReturnType<typeof createServices>;
