import { describe, expect, it } from 'vitest';
import { parsePushPayload, sameOriginUrl } from '#client/sw/push.ts';

const origin = 'https://squad.example';

describe('parsePushPayload', () => {
  it('reads title, body, url and tag', () => {
    const notice = parsePushPayload(
      JSON.stringify({
        title: 'Yeni istek',
        body: 'Ayşe katılmak istiyor',
        url: '/dashboard/my-events',
        tag: 'r1',
      }),
      origin,
    );
    expect(notice).toEqual({
      title: 'Yeni istek',
      body: 'Ayşe katılmak istiyor',
      url: 'https://squad.example/dashboard/my-events',
      tag: 'r1',
    });
  });

  it('shows plain text and empty payloads as a Squad notice', () => {
    expect(parsePushPayload('merhaba', origin)).toMatchObject({ title: 'Squad', body: 'merhaba' });
    expect(parsePushPayload(null, origin)).toMatchObject({ title: 'Squad', body: '', tag: undefined });
  });

  it('never opens another site', () => {
    expect(sameOriginUrl('https://evil.example/x', origin)).toBe('https://squad.example/dashboard/physical');
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe('https://squad.example/dashboard/physical');
    expect(sameOriginUrl('/dashboard/inbox?c=1', origin)).toBe('https://squad.example/dashboard/inbox?c=1');
  });
});
