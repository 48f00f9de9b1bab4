import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from './moderation.corpus.ts';
import { builtinModel, checkText } from './moderation.engine.ts';
import {
  decodeModel,
  features,
  MODEL_CLASSES,
  modelCategory,
  modelTokens,
  probabilities,
  type ModelFile,
} from './moderation.model.ts';
import { checkWithRules } from './moderation.rules.ts';
import { corpusDigest, encodeModel, train, type Example } from './moderation.train.ts';

const now = new Date('2026-01-01T12:00:00Z');
const small = { buckets: 1 << 12, epochs: 30, rate: 0.5, l2: 1e-5, seed: 7, balance: 0 };
const tiny: Example[] = [
  ...[
    'selam gelebilir miyim',
    'saat kacta basliyor',
    'kaleci olabilirim',
    'ben de gelirim, top getiririm',
  ].map((text) => ({ text, label: 'ok' as const })),
  ...['seni oldururum', 'kafani kiririm senin', 'seni bulup doverim'].map((text) => ({
    text,
    label: 'threat' as const,
  })),
  ...['bedava bonus veren site', 'bonus kazan hemen tikla', 'deneme bonusu burada'].map((text) => ({
    text,
    label: 'spam' as const,
  })),
];

describe('features', () => {
  it('reads the normalised text: links, numbers and look-alike letters become the same tokens', () => {
    expect(modelTokens('Ѕiiiiktir www.site.com 0532 123 45 67 🔥?')).toEqual({
      words: ['siktir', 'xurl', 'xnum'],
      stems: ['sik', 'xurl', 'xnum'],
      emoji: ['🔥'],
      question: true,
    });
    // Snowball's Turkish stemmer: inflected forms meet their roots (ADR 073).
    expect(modelTokens('fotoğraflarınızı kadınlar okulunu').stems).toEqual(['fotograf', 'kadin', 'okul']);
    const a = features('Seni öldürürüm', 1 << 16);
    expect(features('SENİ ÖLDÜRÜRÜM', 1 << 16)).toEqual(a);
    expect(a.index.length).toBeGreaterThan(20);
    expect(a.value).toBeCloseTo(1 / Math.sqrt(a.index.length));
    expect([...a.index].every((i) => i < 1 << 16)).toBe(true);
  });

  // The features spelt out as names and hashed one by one, as the model was trained before the grams
  // were hashed in place (ADR 073, round 13): the same buckets for every line of the corpus.
  it('hashes the character grams in place into the buckets their names have', () => {
    const fnv = (s: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    const spelt = (text: string, buckets: number) => {
      const { words, stems, emoji, question } = modelTokens(text);
      const names: string[] = [];
      const line = ` ${words.join(' ')} `;
      for (let n = 2; n <= 5; n++)
        for (let i = 0; i + n <= line.length; i++) {
          const gram = line.slice(i, i + n);
          if (gram.trim() !== '') names.push(`c${gram}`);
        }
      words.forEach((w, i) => {
        names.push(`w${w}`);
        if (i > 0) names.push(`b${words[i - 1]} ${w}`);
      });
      stems.forEach((s, i) => {
        if (s !== words[i]) names.push(`s${s}`);
      });
      for (const e of emoji) names.push(`e${e}`);
      if (question) names.push('q?');
      names.push(`n${Math.min(6, Math.ceil(Math.log2(words.length + 1)))}`);
      return Uint32Array.from(new Set(names.map((f) => fnv(f) & (buckets - 1)))).sort();
    };
    const texts = [...loadCorpus().map((r) => r.text), '', '   ', 'ş', 'İ 🔥🔥 a\u00a0b\u2003c ?'];
    const differ = texts.filter((t) => features(t, 1 << 17).index.join() !== spelt(t, 1 << 17).join());
    expect(differ).toEqual([]);
    expect(features('İ 🔥 a', 1 << 17).index.length).toBeGreaterThan(5);
  });
});

describe('training', () => {
  it('learns a tiny set and tells new texts apart', () => {
    const model = { ...train(tiny, small), okBelow: 0.5 };
    expect(modelCategory(model, 'seni oldururum haberin olsun')?.category).toBe('threat');
    expect(modelCategory(model, 'bonus veren site burada')?.category).toBe('spam');
    expect(modelCategory(model, 'selam, saat kacta?')).toBeNull();
    const p = probabilities(model, 'kaleci olabilirim');
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1);
    expect(p[0]).toBeGreaterThan(0.5);
  });

  it('is deterministic for a seed, and the seed matters', () => {
    const a = train(tiny, small);
    expect(train(tiny, small).weights).toEqual(a.weights);
    expect(train(tiny, { ...small, seed: 8 }).weights).not.toEqual(a.weights);
  });

  it('survives quantisation to the file form', () => {
    const model = { ...train(tiny, small), okBelow: 0.5 };
    const { file } = encodeModel(model, 'test', { rows: tiny.length, augmented: 0, sha256: 'x' });
    const decoded = decodeModel(JSON.parse(JSON.stringify(file)) as ModelFile);
    for (const text of ['seni oldururum', 'bonus burada', 'selam']) {
      const [p, q] = [probabilities(model, text), probabilities(decoded, text)];
      p.forEach((x, k) => expect(q[k], text).toBeCloseTo(x, 1));
    }
    expect(() => decodeModel({ ...file, classes: ['ok', 'threat'] })).toThrow(/classes/);
    expect(() => decodeModel({ ...file, buckets: 8 })).toThrow(/buckets/);
  });
});

describe('the committed model', () => {
  const url = new URL('./moderation.model.json', import.meta.url);
  const file = JSON.parse(fs.readFileSync(url, 'utf8')) as ModelFile;

  it('is small and was trained on the current train split', () => {
    // 2^17 buckets × 12 classes as int8, base64 (ADR 073, round 9).
    expect(fs.statSync(url).size).toBeLessThanOrEqual(2.5 * 1024 * 1024);
    expect(file.classes).toEqual(MODEL_CLASSES);
    expect(file.okBelow).toBeGreaterThan(0);
    expect(file.okBelow).toBeLessThan(1);
    const trainRows = loadCorpus().filter((r) => r.split === 'train');
    // Fails when the corpus changed without `npm run moderation:train`.
    expect(file.trainedOn).toMatchObject({ rows: trainRows.length, sha256: corpusDigest(trainRows) });
  });

  it('adds a review where the rules see nothing, never a block, and stays out of names', () => {
    const text = 'reddetmeyi bir dene, sonra konuşuruz yüz yüze';
    expect(checkWithRules(text, { recentMessages: [], now }).verdict).toBe('ok');
    expect(checkText(text, { recentMessages: [], now })).toMatchObject({
      verdict: 'review',
      reasons: ['threat'],
    });
    expect(checkText(text, { recentMessages: [], now }, null).verdict).toBe('ok');
    expect(
      checkText('sen hiç düşünmeden mi yazıyorsun yazık', { recentMessages: [], now, kind: 'username' })
        .verdict,
    ).toBe('ok');
    expect(builtinModel()).toBe(builtinModel());
  });
});
