import { describe, expect, it } from 'vitest';
import { createTranslator } from './I18nProvider.tsx';
import { en } from './messages.en.ts';
import { tr } from './messages.tr.ts';
import { friendsGoingText } from './friendsGoing.ts';

const people = (...names: string[]) => names.map((displayName) => ({ displayName }));

describe('friendsGoingText (tr)', () => {
  const t = createTranslator(tr);

  it('says nothing when no friend goes', () => {
    expect(friendsGoingText([], t, 'tr')).toBeNull();
  });

  it('names one or two friends', () => {
    expect(friendsGoingText(people('Ayşe'), t, 'tr')).toBe('Ayşe katılıyor');
    expect(friendsGoingText(people('Ayşe', 'Mert'), t, 'tr')).toBe('Ayşe ve Mert katılıyor');
  });

  it('counts the others after the first (Turkish keeps the noun singular)', () => {
    expect(friendsGoingText(people('Ayşe', 'Mert', 'Can'), t, 'tr')).toBe('Ayşe ve 2 arkadaşın katılıyor');
    expect(friendsGoingText(people('Ayşe', 'Mert', 'Can', 'Deniz', 'Ece'), t, 'tr')).toBe(
      'Ayşe ve 4 arkadaşın katılıyor',
    );
  });
});

describe('friendsGoingText (en)', () => {
  const t = createTranslator(en, 'en');

  it('uses English plural rules', () => {
    expect(friendsGoingText(people('Ayşe'), t, 'en')).toBe('Ayşe is going');
    expect(friendsGoingText(people('Ayşe', 'Mert'), t, 'en')).toBe('Ayşe and Mert are going');
    expect(friendsGoingText(people('Ayşe', 'Mert', 'Can'), t, 'en')).toBe(
      'Ayşe and 2 other friends are going',
    );
  });
});
