import { describe, expect, it } from 'vitest';
import { joinMessageState, joinMessageToSend, quickMessageKeys, withQuickMessage } from './joinMessage.ts';

// The server's limit (eventCatalog.limits.joinMessageMax).
const MAX = 500;

describe('join message counter', () => {
  it('counts what is in the box against the server’s limit', () => {
    expect(joinMessageState('', 200).remaining).toBe(200);
    expect(joinMessageState('', MAX)).toEqual({
      length: 0,
      remaining: 500,
      nearLimit: false,
      tooLong: false,
      sendable: true,
    });
    const s = joinMessageState('Selam!', MAX);
    expect(s.length).toBe(6);
    expect(s.remaining).toBe(494);
  });

  it('warns near the limit and refuses only what is over it after trimming', () => {
    expect(joinMessageState('a'.repeat(449), MAX).nearLimit).toBe(false);
    expect(joinMessageState('a'.repeat(450), MAX).nearLimit).toBe(true);
    expect(joinMessageState('a'.repeat(500), MAX)).toMatchObject({
      remaining: 0,
      tooLong: false,
      sendable: true,
    });
    expect(joinMessageState('a'.repeat(501), MAX)).toMatchObject({ tooLong: true, sendable: false });
    // Spaces around the text are not sent, so they do not make it too long.
    expect(joinMessageState(`  ${'a'.repeat(500)}  `, MAX).sendable).toBe(true);
  });
});

describe('joinMessageToSend', () => {
  it('trims, and sends nothing for a blank message', () => {
    expect(joinMessageToSend('  Merhaba, ben de geliyorum!  \n')).toBe('Merhaba, ben de geliyorum!');
    expect(joinMessageToSend('   \n\t ')).toBeNull();
    expect(joinMessageToSend('')).toBeNull();
  });
});

describe('quick messages', () => {
  it('fill an empty box and are appended after the user’s text once', () => {
    expect(withQuickMessage('', 'Selam!', MAX)).toBe('Selam!');
    expect(withQuickMessage('   ', 'Selam!', MAX)).toBe('Selam!');
    expect(withQuickMessage('Merhaba. ', 'Ekipmanım var', MAX)).toBe('Merhaba. Ekipmanım var');
    expect(withQuickMessage('Merhaba. Ekipmanım var', 'Ekipmanım var', MAX)).toBe('Merhaba. Ekipmanım var');
  });

  it('never push the text past 500 characters', () => {
    const long = 'a'.repeat(495);
    expect(withQuickMessage(long, 'Selam! Ben de katılmak isterim', MAX)).toBe(long);
  });

  it('are game-flavoured for online events', () => {
    expect(quickMessageKeys('PHYSICAL')[0]).toBe('join.quick.physical.1');
    expect(quickMessageKeys('ONLINE').every((k) => k.startsWith('join.quick.online.'))).toBe(true);
  });
});
