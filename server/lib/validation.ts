import type { z } from 'zod';
import { badInput, type FieldIssue } from '#server/errors/app-error.ts';
import type { MessageKey } from './i18n.ts';

// Zod issues -> BAD_USER_INPUT with every offending field ("input.title") and a message key.
// Schemas put a message key in `error` for rule-specific texts; length limits map generically.
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = 'input'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    issues.push(toFieldIssue(field, issue));
  }
  throw badInput(issues);
}

function toFieldIssue(field: string, issue: z.core.$ZodIssue): FieldIssue {
  if (issue.message.startsWith('validation.')) {
    const params = issue.code === 'custom' ? (issue.params as FieldIssue['params']) : undefined;
    return { field, key: issue.message as MessageKey, params };
  }
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1
      ? { field, key: 'validation.required' }
      : { field, key: 'validation.tooShort', params: { min: Number(issue.minimum) } };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return { field, key: 'validation.tooLong', params: { max: Number(issue.maximum) } };
  }
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) {
    return { field, key: 'validation.required' };
  }
  return { field, key: 'validation.invalid' };
}
