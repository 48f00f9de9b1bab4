import type { CheckResult } from './moderation.types.ts';

// What the writer sees when their text speaks of hurting themselves (ADR 036): not a refusal, a hand.
// Only numbers that certainly exist: 112 is Turkey's single emergency number.
const SUPPORT = {
  tr: 'Zor bir dönemden geçiyor gibisin ve bunu yazman çok değerli. Yalnız değilsin: güvendiğin biriyle, bir arkadaşınla ya da ailenden biriyle şimdi konuşmayı dene. Kendini güvende hissetmiyorsan ya da hayatın tehlikedeyse hemen 112 Acil Çağrı’yı ara.',
  en: 'It sounds like you are going through a hard time, and it matters that you said it. You are not alone: try to talk to someone you trust right now, a friend or someone in your family. If you do not feel safe or your life is in danger, call 112 (emergency, Turkey) now.',
};

export function supportText(result: CheckResult, locale: 'tr' | 'en'): string | null {
  return result.categories.includes('self_harm') ? SUPPORT[locale === 'en' ? 'en' : 'tr'] : null;
}
