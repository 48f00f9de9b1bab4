import { badInput } from '#server/errors/app-error.ts';

// Opaque page cursors: base64url JSON. A cursor that does not decode is the client's error.
export function encodeCursor(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(cursor: string, check: (v: unknown) => v is T, field = 'after'): T {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (check(value)) return value;
  } catch {
    // fall through
  }
  throw badInput([{ field, key: 'validation.cursor' }]);
}
