import { describe, expect, it } from 'vitest';
import { normalizeUsername, usernameKey, usernameProblem } from './users.username.ts';

describe('usernames', () => {
  it('trims, drops a leading @ and lowers the Turkish way', () => {
    expect(normalizeUsername('  @Ayşe_K ')).toBe('ayşe_k');
    expect(normalizeUsername('IŞIK')).toBe('ışık');
    expect(normalizeUsername('İpek')).toBe('ipek');
  });

  it('folds case and Turkish letters into one key', () => {
    expect(usernameKey('çağrı')).toBe('cagri');
    expect(usernameKey(normalizeUsername('CAGRI'))).toBe('cagri');
    expect(usernameKey('ışık')).toBe(usernameKey('isik'));
  });

  it('accepts letters, Turkish letters, digits, _ and .', () => {
    for (const ok of ['ayse', 'çağrı.42', 'mehmet_k', 'ali.veli', 'zeynep2007', 'öğü'])
      expect(usernameProblem(ok), ok).toBeNull();
  });

  it('refuses the wrong length, characters, start and separators', () => {
    expect(usernameProblem('ab')).toBe('validation.usernameLength');
    expect(usernameProblem('a'.repeat(21))).toBe('validation.usernameLength');
    expect(usernameProblem('ali veli')).toBe('validation.usernameCharacters');
    expect(usernameProblem('ali-veli')).toBe('validation.usernameCharacters');
    expect(usernameProblem('аli')).toBe('validation.usernameCharacters'); // Cyrillic а
    expect(usernameProblem('ali😀x')).toBe('validation.usernameCharacters');
    expect(usernameProblem('1ali')).toBe('validation.usernameStart');
    expect(usernameProblem('_ali')).toBe('validation.usernameStart');
    expect(usernameProblem('ali.')).toBe('validation.usernameSeparators');
    expect(usernameProblem('ali..veli')).toBe('validation.usernameSeparators');
    expect(usernameProblem('ali._veli')).toBe('validation.usernameSeparators');
  });

  it('reserves system words and the brand, folded', () => {
    expect(usernameProblem('admin')).toBe('validation.usernameReserved');
    expect(usernameProblem('yardım')).toBe('validation.usernameReserved');
    expect(usernameProblem('squad_tr')).toBe('validation.usernameReserved');
    expect(usernameProblem('moderatör')).toBe('validation.usernameReserved');
    expect(usernameProblem('destekci')).toBeNull();
  });
});
