import { describe, expect, it } from 'vitest';
import {
  JOIN_MESSAGE_MAX,
  joinMessageState,
  joinMessageToSend,
  quickMessageKeys,
  withQuickMessage,
} from './joinMessage.ts';

describe('join message counter', () => {
  it('counts what is in the box against 500', () => {
    expect(JOIN_MESSAGE_MAX).toBe(500);
    expect(joinMessageState('')).toEqual({
      length: 0,
      remaining: 500,
      nearLimit: false,
      tooLong: false,
      sendable: true,
    });
    const s = joinMessageState('Selam!');
    expect(s.length).toBe(6);
    expect(s.remaining).toBe(494);
  });

  it('warns near the limit and refuses only what is over it after trimming', () => {
    expect(joinMessageState('a'.repeat(449)).nearLimit).toBe(false);
    expect(joinMessageState('a'.repeat(450)).nearLimit).toBe(true);
    expect(joinMessageState('a'.repeat(500))).toMatchObject({ remaining: 0, tooLong: false, sendable: true });
    expect(joinMessageState('a'.repeat(501))).toMatchObject({ tooLong: true, sendable: false });
    // Spaces around the text are not sent, so they do not make it too long.
    expect(joinMessageState(`  ${'a'.repeat(500)}  `).sendable).toBe(true);
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
    expect(withQuickMessage('', 'Selam!')).toBe('Selam!');
    expect(withQuickMessage('   ', 'Selam!')).toBe('Selam!');
    expect(withQuickMessage('Merhaba. ', 'Ekipmanım var')).toBe('Merhaba. Ekipmanım var');
    expect(withQuickMessage('Merhaba. Ekipmanım var', 'Ekipmanım var')).toBe('Merhaba. Ekipmanım var');
  });

  it('never push the text past 500 characters', () => {
    const long = 'a'.repeat(495);
    expect(withQuickMessage(long, 'Selam! Ben de katılmak isterim')).toBe(long);
  });

  it('are game-flavoured for online events', () => {
    expect(quickMessageKeys('PHYSICAL')[0]).toBe('join.quick.physical.1');
    expect(quickMessageKeys('ONLINE').every((k) => k.startsWith('join.quick.online.'))).toBe(true);
  });
});
