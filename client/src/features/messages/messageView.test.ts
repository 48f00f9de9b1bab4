import { describe, expect, it } from 'vitest';
import { lastOwnMessageId, messageDisplay, previewOf, readersOf } from './messageView.ts';

const me = 'me';
const ayse = { id: 'ayse', displayName: 'Ayşe' };
const msg = (over: Partial<{ body: string; removed: boolean; held: boolean; sender: typeof ayse }> = {}) => ({
  body: 'Selam!',
  removed: false,
  held: false,
  sender: ayse,
  ...over,
});

describe('messageDisplay', () => {
  it('shows removed messages as a placeholder, whoever sent them', () => {
    expect(messageDisplay(msg({ removed: true, held: true }), me)).toBe('removed');
  });

  it('shows a held message as sent to its sender and behind a warning to others', () => {
    expect(messageDisplay(msg({ held: true, sender: { id: me, displayName: 'Ben' } }), me)).toBe('heldOwn');
    expect(messageDisplay(msg({ held: true, body: '' }), me)).toBe('heldWarning');
  });

  it('shows a held message the viewer chose to see with its text', () => {
    expect(messageDisplay(msg({ held: true, body: 'gizli' }), me)).toBe('heldRevealed');
  });

  it('shows other messages as text', () => {
    expect(messageDisplay(msg(), me)).toBe('text');
  });
});

describe('previewOf', () => {
  it('has nothing to show before the first message', () => {
    expect(previewOf(null, me, 'DIRECT')).toEqual({ kind: 'none' });
  });

  it('prefixes the viewer’s own messages and names senders only in group chats', () => {
    expect(previewOf(msg({ sender: { id: me, displayName: 'Ben' } }), me, 'DIRECT')).toEqual({
      kind: 'text',
      author: { self: true },
      text: 'Selam!',
    });
    expect(previewOf(msg(), me, 'EVENT_GROUP')).toEqual({
      kind: 'text',
      author: { self: false, name: 'Ayşe' },
      text: 'Selam!',
    });
    expect(previewOf(msg(), me, 'EVENT_THREAD')).toEqual({ kind: 'text', author: null, text: 'Selam!' });
  });

  it('never leaks a held text to others, but shows the sender their own', () => {
    expect(previewOf(msg({ held: true, body: '' }), me, 'DIRECT')).toEqual({ kind: 'held', author: null });
    expect(
      previewOf(msg({ held: true, body: 'gizli', sender: { id: me, displayName: 'Ben' } }), me, 'DIRECT'),
    ).toMatchObject({ kind: 'text', text: 'gizli' });
    // Revealed by the viewer: the server sends the text.
    expect(previewOf(msg({ held: true, body: 'gizli' }), me, 'DIRECT')).toMatchObject({ kind: 'text' });
  });

  it('says removed for removed messages', () => {
    expect(previewOf(msg({ removed: true }), me, 'EVENT_GROUP')).toEqual({
      kind: 'removed',
      author: { self: false, name: 'Ayşe' },
    });
  });

  it('puts a long or multi-line text on one short line', () => {
    const preview = previewOf(msg({ body: `Satır bir\n\nsatır   iki ${'x'.repeat(200)}` }), me, 'DIRECT');
    expect(preview.kind).toBe('text');
    if (preview.kind !== 'text') return;
    expect(preview.text.startsWith('Satır bir satır iki x')).toBe(true);
    expect(preview.text).toHaveLength(80);
    expect(preview.text.endsWith('…')).toBe(true);
  });
});

describe('readersOf', () => {
  const user = (id: string) => ({ id, displayName: id, avatarUrl: null });
  const member = (id: string, lastReadAt: string | null) => ({ user: user(id), lastReadAt });
  const message = { createdAt: '2026-05-10T12:00:00Z', readBy: [user('mert')] };

  it('joins the server’s list with members whose read mark is at or after the message', () => {
    const members = [
      member(me, '2026-05-10T13:00:00Z'),
      member('ayse', '2026-05-10T12:00:00Z'),
      member('can', '2026-05-10T11:59:59Z'),
      member('deniz', null),
    ];
    expect(readersOf(message, members, me).map((u) => u.id)).toEqual(['mert', 'ayse']);
  });

  it('never lists the viewer', () => {
    expect(readersOf({ ...message, readBy: [user(me)] }, [], me)).toEqual([]);
  });
});

describe('lastOwnMessageId', () => {
  it('finds the viewer’s newest message that is not removed', () => {
    const newestFirst = [
      { id: '4', removed: false, sender: { id: 'ayse' } },
      { id: '3', removed: true, sender: { id: me } },
      { id: '2', removed: false, sender: { id: me } },
      { id: '1', removed: false, sender: { id: me } },
    ];
    expect(lastOwnMessageId(newestFirst, me)).toBe('2');
    expect(lastOwnMessageId(newestFirst.slice(0, 1), me)).toBeNull();
  });
});
