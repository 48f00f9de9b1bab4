import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { GraphQLError, ValidationContext, ValidationRule } from 'graphql';

// Limits on every operation, over HTTP and WebSocket alike.
export const LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 30_000,
  maxTokens: 3000,
  maxBodyBytes: 256 * 1024,
} as const;

// Armor's rules throw by default, which Apollo turns into a 500; report instead, so the request fails
// validation like any other invalid query (400, BAD_USER_INPUT).
const report = {
  propagateOnRejection: false,
  onReject: [(ctx: ValidationContext | null, err: GraphQLError) => ctx?.reportError(err)],
};

export function limitRules(): ValidationRule[] {
  return [
    maxDepthRule({ n: LIMITS.maxDepth, ignoreIntrospection: true, exposeLimits: true, ...report }),
    maxAliasesRule({ n: LIMITS.maxAliases, exposeLimits: true, ...report }),
    costLimitRule({ maxCost: LIMITS.maxCost, ignoreIntrospection: true, exposeLimits: true, ...report }),
  ];
}
