import { describe, expect, it, vi } from 'vitest';
import { gql } from '#client/apollo/gql.ts';
import { ApolloLink } from '@apollo/client/link';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { Observable } from 'rxjs';
import { SocketClosedError } from './authRetryLink.ts';
import { createSuspensionLink, suspensionOf, SUSPENDED_CLOSE_CODE } from './suspensionLink.ts';

const QUERY = gql`
  query SuspensionTestQuery {
    me {
      id
    }
  }
`;

const suspended = {
  message: 'Hesabın askıya alındı',
  extensions: {
    code: 'FORBIDDEN',
    reason: 'ACCOUNT_SUSPENDED',
    suspensionReason: 'Taciz',
    suspendedUntil: '2026-12-02T08:00:00.000Z',
  },
};

function run(terminal: ApolloLink, onSuspended: (n: unknown) => void) {
  const link = createSuspensionLink(onSuspended).concat(terminal);
  return new Promise<{ value?: unknown; error?: unknown }>((resolve) => {
    ApolloLink.execute(link, { query: QUERY }, { client: {} as never }).subscribe({
      next: (value) => resolve({ value }),
      error: (error: unknown) => resolve({ error }),
    });
  });
}

describe('suspensionOf', () => {
  it('reads the reason and the end from a GraphQL error, a 403 body and the socket close code', () => {
    expect(suspensionOf(new CombinedGraphQLErrors({ errors: [suspended] }))).toEqual({
      reason: 'Taciz',
      until: '2026-12-02T08:00:00.000Z',
    });
    const response = new Response(null, { status: 403 });
    const body = JSON.stringify({ errors: [suspended] });
    expect(suspensionOf(new ServerError('Forbidden', { response, bodyText: body }))).toEqual({
      reason: 'Taciz',
      until: '2026-12-02T08:00:00.000Z',
    });
    expect(suspensionOf(new SocketClosedError(SUSPENDED_CLOSE_CODE, 'Account suspended'))).toEqual({
      reason: null,
      until: null,
    });
  });

  it('ignores every other failure', () => {
    const forbidden = { message: 'x', extensions: { code: 'FORBIDDEN', reason: 'FORBIDDEN' } };
    expect(suspensionOf(new CombinedGraphQLErrors({ errors: [forbidden] }))).toBeNull();
    expect(suspensionOf(new SocketClosedError(4403, 'Forbidden'))).toBeNull();
    expect(suspensionOf(new Error('network'))).toBeNull();
  });
});

describe('createSuspensionLink', () => {
  it('tells about a suspension in a result and still passes the result on', async () => {
    const onSuspended = vi.fn();
    const terminal = new ApolloLink(() => new Observable((o) => o.next({ data: null, errors: [suspended] })));
    const { value } = await run(terminal, onSuspended);
    expect(value).toMatchObject({ errors: [suspended] });
    expect(onSuspended).toHaveBeenCalledWith({ reason: 'Taciz', until: '2026-12-02T08:00:00.000Z' });
  });

  it('tells about a closed socket, and says nothing for ordinary answers', async () => {
    const onSuspended = vi.fn();
    const closed = new ApolloLink(
      () => new Observable((o) => o.error(new SocketClosedError(SUSPENDED_CLOSE_CODE, 'Account suspended'))),
    );
    const { error } = await run(closed, onSuspended);
    expect(error).toBeInstanceOf(SocketClosedError);
    expect(onSuspended).toHaveBeenCalledTimes(1);
    const fine = new ApolloLink(() => new Observable((o) => o.next({ data: { me: { id: '1' } } })));
    await run(fine, onSuspended);
    expect(onSuspended).toHaveBeenCalledTimes(1);
  });
});
