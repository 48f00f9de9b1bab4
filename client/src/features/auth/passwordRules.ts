import type { MessageKey } from '#client/lib/i18n/messages.tr.ts';

export type PasswordRule = { id: string; label: MessageKey; test: (password: string) => boolean };
export type RuleResult = { id: string; label: MessageKey; ok: boolean };

export const RESET_SYMBOLS = '!@#$%^&*(),.?":{}|<>';

// Sign-up: at least 6 characters.
export const SIGN_UP_RULES: readonly PasswordRule[] = [
  { id: 'minLength', label: 'register.rule.minLength', test: (p) => p.length >= 6 },
];

// Reset: at least 8 characters, a digit, a lowercase and an uppercase letter (Basic Latin, as Cognito
// counts them), and one of RESET_SYMBOLS.
export const RESET_RULES: readonly PasswordRule[] = [
  { id: 'minLength', label: 'forgot.rule.minLength', test: (p) => p.length >= 8 },
  { id: 'digit', label: 'forgot.rule.digit', test: (p) => /\d/.test(p) },
  { id: 'lower', label: 'forgot.rule.lower', test: (p) => /[a-z]/.test(p) },
  { id: 'upper', label: 'forgot.rule.upper', test: (p) => /[A-Z]/.test(p) },
  { id: 'symbol', label: 'forgot.rule.symbol', test: (p) => [...p].some((c) => RESET_SYMBOLS.includes(c)) },
];

export function checkPassword(password: string, rules: readonly PasswordRule[]): RuleResult[] {
  return rules.map((rule) => ({ id: rule.id, label: rule.label, ok: rule.test(password) }));
}

export function passwordOk(password: string, rules: readonly PasswordRule[]): boolean {
  return rules.every((rule) => rule.test(password));
}

// Reset form: all rules hold and the confirmation matches.
export function resetFormValid(password: string, confirmation: string, code: string): boolean {
  return passwordOk(password, RESET_RULES) && password === confirmation && /^\d{6}$/.test(code);
}
