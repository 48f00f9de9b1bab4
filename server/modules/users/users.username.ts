import { foldTurkish } from '#server/lib/turkish-text.ts';
import type { MessageKey } from '#server/lib/i18n.ts';

// Username rules (ADR 033). A handle people type and read aloud: short, no look-alike tricks, and one
// name however it is cased or accented ("Çağrı", "CAGRI" and "cagri" are the same name). The folded
// form is what the database's unique index holds (users.username_key = search_norm(username)).

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

// Letters a–z and the Turkish ones, digits, "_" and "."; starts with a letter; no "." at the end;
// no two separators in a row.
const ALLOWED = /^[a-zçğıöşü0-9._]+$/;
const STARTS_WITH_LETTER = /^[a-zçğıöşü]/;
const DOUBLE_SEPARATOR = /[._]{2}/;

// Names that would pass for the team, a system page or nobody, compared folded. Prefixes protect
// the brand and the staff ("squad_tr", "admin2", "moderator.ayse").
const RESERVED = new Set([
  'about',
  'account',
  'api',
  'ayarlar',
  'bilgi',
  'dashboard',
  'destek',
  'ekip',
  'everyone',
  'graphql',
  'guvenlik',
  'help',
  'herkes',
  'hesap',
  'info',
  'login',
  'logout',
  'me',
  'mod',
  'null',
  'official',
  'private',
  'profil',
  'profile',
  'register',
  'resmi',
  'root',
  'security',
  'settings',
  'sistem',
  'staff',
  'support',
  'system',
  'team',
  'undefined',
  'yardim',
  'yonetici',
]);
const RESERVED_PREFIXES = ['squad', 'admin', 'moderator', 'moderat'];

// What is stored: trimmed, without a leading "@", lower case the Turkish way (I -> ı, İ -> i).
export function normalizeUsername(raw: string): string {
  return raw.trim().replace(/^@+/, '').toLocaleLowerCase('tr-TR');
}

// The key uniqueness is decided on (the same as SQL's search_norm).
export const usernameKey = (username: string): string => foldTurkish(username);

// Why a (normalized) username cannot be used, or null when its format is fine.
export function usernameProblem(username: string): MessageKey | null {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return 'validation.usernameLength';
  if (!ALLOWED.test(username)) return 'validation.usernameCharacters';
  if (!STARTS_WITH_LETTER.test(username)) return 'validation.usernameStart';
  if (username.endsWith('.') || DOUBLE_SEPARATOR.test(username)) return 'validation.usernameSeparators';
  const key = usernameKey(username);
  if (RESERVED.has(key) || RESERVED_PREFIXES.some((p) => key.startsWith(p)))
    return 'validation.usernameReserved';
  return null;
}
