// Verification codes are 6 digits: strip everything else and cap the length.
export const CODE_LENGTH = 6;

export function sanitizeCode(raw: string): string {
  return raw.replace(/\D+/g, '').slice(0, CODE_LENGTH);
}
