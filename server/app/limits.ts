import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { ValidationRule } from 'graphql';

// Limits on every operation, over HTTP and WebSocket alike.
export const LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 5000,
  maxTokens: 3000,
  maxBodyBytes: 256 * 1024,
} as const;

export function limitRules(): ValidationRule[] {
  return [
    maxDepthRule({ n: LIMITS.maxDepth, ignoreIntrospection: true, exposeLimits: true }),
    maxAliasesRule({ n: LIMITS.maxAliases, exposeLimits: true }),
    costLimitRule({ maxCost: LIMITS.maxCost, ignoreIntrospection: true, exposeLimits: true }),
  ] as unknown as ValidationRule[];
}
