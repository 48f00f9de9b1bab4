import { describe, expect, it } from 'vitest';
import type { Hit } from './moderation.hits.ts';
import { decide } from './moderation.policy.ts';
import { CONTENT_REASONS, REASON_CODES } from './moderation.reasons.ts';
import { checkWithRules } from './moderation.rules.ts';
import {
  CATEGORIES,
  categoryOf,
  createRulesChecker,
  reasonText,
  refusalOf,
  supportText,
  type Category,
  type CheckResult,
  type ReasonCode,
  type TextKind,
  type Verdict,
} from './moderation.ts';

const now = new Date('2026-01-01T12:00:00Z');
const check = (text: string, kind?: TextKind) => checkWithRules(text, { recentMessages: [], now, kind });
const hit = (code: Hit['code'], level: Hit['level'] = 'review', tag?: Hit['tag']): Hit => ({
  code,
  level,
  tag,
});

describe('decide', () => {
  it('blocks on a severe hit, an advert with a contact, three spam signals or two predatory kinds', () => {
    expect(decide([], 'join_message')).toEqual({ verdict: 'ok', reasons: [], categories: [] });
    expect(decide([hit('link')], 'join_message').verdict).toBe('review');
    expect(decide([hit('profanity', 'block')], 'join_message').verdict).toBe('block');
    expect(decide([hit('advert'), hit('phone')], 'join_message').verdict).toBe('block');
    expect(decide([hit('phone'), hit('off_platform')], 'join_message').verdict).toBe('review');
    expect(decide([hit('phone'), hit('off_platform'), hit('email')], 'join_message')).toEqual({
      verdict: 'block',
      reasons: ['off_platform', 'phone', 'email'],
      categories: ['off_platform'],
    });
    expect(
      decide([hit('predatory', 'review', 'age'), hit('predatory', 'review', 'age')], 'join_message').verdict,
    ).toBe('review');
    expect(
      decide([hit('predatory', 'review', 'age'), hit('secrecy', 'review', 'secret')], 'join_message').verdict,
    ).toBe('block');
  });

  it('never lets the model block alone and never blocks self-harm', () => {
    expect(decide([{ code: 'threat', level: 'review', model: true }], 'join_message').verdict).toBe('review');
    expect(decide([hit('self_harm', 'block')], 'join_message').verdict).toBe('review');
    expect(decide([hit('self_harm')], 'display_name').verdict).toBe('review');
  });

  it('orders categories by the reasons, most serious first', () => {
    expect(decide([hit('gibberish'), hit('wallet'), hit('threat', 'block')], 'join_message')).toEqual({
      verdict: 'block',
      reasons: ['threat', 'wallet', 'gibberish'],
      categories: ['threat', 'scam', 'spam'],
    });
  });
});

describe('per-kind policy', () => {
  it('lets hosts link forms and Discord servers in descriptions, not in join messages', () => {
    const text = 'Kayıt: forms.gle/abc123, sunucu: discord.gg/squadvalo';
    expect(check(text, 'event_description').verdict).toBe('ok');
    expect(check(text).reasons).toEqual(['link']);
    expect(
      check('Katılanlar için WhatsApp grubu kuracağız, telegramdan da yazabilirsiniz', 'event_description')
        .verdict,
    ).toBe('ok');
    expect(check('detaylar için 0532 123 45 67', 'event_description').reasons).toEqual(['phone']);
  });

  it('lets chats share links and bios show their owner’s profiles', () => {
    expect(check('konum: maps.app.goo.gl/xYz9', 'chat_message').verdict).toBe('ok');
    expect(check('konum: maps.app.goo.gl/xYz9', 'direct_message').verdict).toBe('ok');
    expect(check('Fotoğrafçıyım: www.kuzeyphoto.com', 'bio').verdict).toBe('ok');
    expect(check('ig: @deniz.kosuyor', 'bio').verdict).toBe('ok');
    expect(check('ig: @deniz.kosuyor').reasons).toEqual(['off_platform']);
    expect(check('instagramdan yaz bana', 'bio').reasons).toEqual(['off_platform']);
  });

  it('refuses a name with any signal, also a phone number, and ignores capitals and random letters', () => {
    expect(check('Ayşe 05325556677', 'display_name')).toMatchObject({ verdict: 'block', reasons: ['phone'] });
    expect(check('amk_cocugu', 'username').verdict).toBe('block');
    expect(check('aptal host', 'display_name').verdict).toBe('block');
    expect(check('KEMAL KAPTAN SAHADA', 'display_name').verdict).toBe('ok');
    expect(check('xkcdqwrtzp', 'username').verdict).toBe('ok');
    expect(check('amine_yilmaz', 'username').verdict).toBe('ok');
  });

  it('never blocks a report for the abuse it quotes', () => {
    const report = "Bana 'seni öldürürüm, orospu çocuğu' yazdı, lütfen inceleyin";
    expect(check(report)).toMatchObject({ verdict: 'block' });
    expect(check(report, 'report')).toMatchObject({ verdict: 'review', categories: ['threat', 'profanity'] });
    expect(check('Bu kullanıcı etkinliğe gelmedi ve haber vermedi', 'report').verdict).toBe('ok');
  });
});

describe('refusalOf and supportText', () => {
  const checker = createRulesChecker();

  it('returns the block reasons in the locale, using the kind', async () => {
    expect(await refusalOf(checker, 'siktir git', { now, locale: 'tr' })).toBe('Mesajında küfür var');
    expect(await refusalOf(checker, 'Kemal 05325556677', { now, locale: 'en', kind: 'display_name' })).toBe(
      'Your message contains a phone number',
    );
    expect(await refusalOf(checker, 'Kemal 05325556677', { now, locale: 'en' })).toBeNull();
    expect(await refusalOf(checker, 'seni öldürürüm dedi', { now, locale: 'tr', kind: 'report' })).toBeNull();
  });

  it('offers help, not a refusal, when someone writes about hurting themselves', async () => {
    const result = await checker.check('artık yaşamak istemiyorum', { recentMessages: [], now });
    expect(result).toMatchObject({ verdict: 'review', categories: ['self_harm'] });
    expect(supportText(result, 'tr')).toContain('112');
    expect(supportText(result, 'tr')).toContain('güvendiğin');
    expect(supportText(result, 'en')).toContain('someone you trust');
    const other = await checker.check('siktir git', { recentMessages: [], now });
    expect(supportText(other, 'tr')).toBeNull();
  });
});

describe('the public surface', () => {
  it('answers in the contract’s shape, categories derived from the reasons', async () => {
    const result: CheckResult = await createRulesChecker().check('salak mısın, 0532 123 45 67', {
      recentMessages: [],
      now,
      kind: 'chat_message',
    });
    const verdict: Verdict = result.verdict;
    const reasons: ReasonCode[] = result.reasons;
    const categories: Category[] = result.categories;
    expect({ verdict, reasons, categories, engine: result.engine }).toEqual({
      verdict: 'review',
      reasons: ['harassment', 'phone'],
      categories: ['harassment', 'off_platform'],
      engine: 'rules',
    });
  });
});

describe('reason codes', () => {
  it('maps every code to one category and has texts with Turkish letters first', () => {
    for (const code of REASON_CODES) {
      expect(CATEGORIES, code).toContain(categoryOf(code));
      expect(reasonText(code, 'tr'), code).not.toBe(reasonText(code, 'en'));
    }
    // Every category has a code of its own name, which the model and the LLM use.
    for (const category of CATEGORIES) expect(categoryOf(category)).toBe(category);
    expect(categoryOf('betting')).toBe('spam');
    expect(categoryOf('iban')).toBe('scam');
    expect(categoryOf('phone')).toBe('off_platform');
    expect(reasonText('body_shaming', 'tr')).toBe('Mesajında birinin görünüşüyle alay var');
    expect(CONTENT_REASONS).not.toContain('duplicate');
  });
});
