import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  passwordOk,
  RESET_RULES,
  RESET_SYMBOLS,
  resetFormValid,
  SIGN_UP_RULES,
} from './passwordRules.ts';

describe('sign-up checklist', () => {
  it('needs at least 6 characters', () => {
    expect(passwordOk('12345', SIGN_UP_RULES)).toBe(false);
    expect(passwordOk('123456', SIGN_UP_RULES)).toBe(true);
    expect(checkPassword('abc', SIGN_UP_RULES)).toEqual([
      { id: 'minLength', label: 'register.rule.minLength', ok: false },
    ]);
  });
});

describe('reset checklist', () => {
  const state = (p: string) => Object.fromEntries(checkPassword(p, RESET_RULES).map((r) => [r.id, r.ok]));

  it('reports each rule live', () => {
    expect(state('')).toEqual({ minLength: false, digit: false, lower: false, upper: false, symbol: false });
    expect(state('abcdefgh')).toEqual({
      minLength: true,
      digit: false,
      lower: true,
      upper: false,
      symbol: false,
    });
    expect(state('Abcdefg1!')).toEqual({
      minLength: true,
      digit: true,
      lower: true,
      upper: true,
      symbol: true,
    });
  });

  it('accepts every listed symbol and nothing else as the symbol', () => {
    for (const symbol of RESET_SYMBOLS) expect(passwordOk(`Abcdefg1${symbol}`, RESET_RULES)).toBe(true);
    expect(passwordOk('Abcdefg1_', RESET_RULES)).toBe(false);
    expect(passwordOk('Abcdefg1-', RESET_RULES)).toBe(false);
    expect(passwordOk('Abcdefg1 ', RESET_RULES)).toBe(false);
  });

  it('needs 8 characters', () => {
    expect(passwordOk('Abcde1!', RESET_RULES)).toBe(false);
    expect(passwordOk('Abcdef1!', RESET_RULES)).toBe(true);
  });

  it('validates the whole form: rules, confirmation and a 6-digit code', () => {
    expect(resetFormValid('Abcdef1!', 'Abcdef1!', '123456')).toBe(true);
    expect(resetFormValid('Abcdef1!', 'Abcdef1?', '123456')).toBe(false);
    expect(resetFormValid('Abcdef1!', 'Abcdef1!', '12345')).toBe(false);
    expect(resetFormValid('abcdef1!', 'abcdef1!', '123456')).toBe(false);
  });
});
