import type { Label, Row } from './moderation.corpus.ts';
import { CATEGORIES, type Category, type CheckResult, type Verdict } from './moderation.types.ts';

// How the check does on labelled rows (ADR 036), for `npm run moderation:eval`, the training's
// threshold search and the quality test.

export const ABUSE: readonly Category[] = [
  'threat',
  'harassment',
  'sexual',
  'predatory',
  'hate',
  'doxxing',
  'profanity',
];
export const SPAM: readonly Category[] = ['spam', 'scam', 'off_platform'];
export const TARGETS = { abuseRecall: 0.9, spamRecall: 0.9, okFalsePositives: 0.05 };
// Whether `npm run moderation:eval` fails when the frozen fresh split (ADR 073) misses its targets:
// recall ≥ 90 % on abuse and spam together, ≤ 5 % false positives on ok. On since round 12, when both
// frozen sets first met both targets (CI runs the eval; a batch scored with --file is never gated).
export const FRESH_GATE = true;
const VERDICTS: Verdict[] = ['ok', 'review', 'block'];

export type Scored = { row: Row; result: CheckResult };
type Rate = { hit: number; of: number; rate: number };
export type Report = {
  rows: number;
  perCategory: Record<Category, { precision: Rate; recall: Rate }>;
  abuseRecall: Rate;
  spamRecall: Rate;
  // Abuse and spam together (the fresh split's target, ADR 073).
  harmRecall: Rate;
  selfHarmRecall: Rate;
  okFalsePositives: Rate;
  // verdicts[label verdict][predicted verdict]
  verdicts: Record<Verdict, Record<Verdict, number>>;
  misses: Scored[];
  falseAlarms: Scored[];
};

const rate = (hit: number, of: number): Rate => ({ hit, of, rate: of ? hit / of : 1 });
const family = (label: Label): readonly Category[] | null =>
  ABUSE.includes(label as Category) ? ABUSE : SPAM.includes(label as Category) ? SPAM : null;
// Caught: flagged, and under a category of the label's family (a threat seen as "hate" is caught, a
// threat seen only as shouting is not).
export const caught = ({ row, result }: Scored): boolean =>
  result.verdict !== 'ok' && result.categories.some((c) => (family(row.label) ?? [row.label]).includes(c));

export function report(scored: Scored[]): Report {
  const perCategory = Object.fromEntries(
    CATEGORIES.map((c) => {
      const labelled = scored.filter((s) => s.row.label === c);
      const detected = scored.filter((s) => s.result.categories.includes(c));
      return [
        c,
        {
          precision: rate(detected.filter((s) => s.row.label === c).length, detected.length),
          recall: rate(labelled.filter((s) => s.result.categories.includes(c)).length, labelled.length),
        },
      ];
    }),
  ) as Report['perCategory'];
  const of = (labels: readonly Label[]) => scored.filter((s) => labels.includes(s.row.label));
  const recallOf = (labels: readonly Label[]) => {
    const rows = of(labels);
    return rate(rows.filter(caught).length, rows.length);
  };
  const ok = of(['ok']);
  const verdicts = Object.fromEntries(
    VERDICTS.map((l) => [
      l,
      Object.fromEntries(
        VERDICTS.map((p) => [p, scored.filter((s) => s.row.verdict === l && s.result.verdict === p).length]),
      ),
    ]),
  ) as Report['verdicts'];
  return {
    rows: scored.length,
    perCategory,
    abuseRecall: recallOf(ABUSE),
    spamRecall: recallOf(SPAM),
    harmRecall: recallOf([...ABUSE, ...SPAM]),
    selfHarmRecall: recallOf(['self_harm']),
    okFalsePositives: rate(ok.filter((s) => s.result.verdict !== 'ok').length, ok.length),
    verdicts,
    misses: scored.filter((s) => s.row.label !== 'ok' && !caught(s)),
    falseAlarms: ok.filter((s) => s.result.verdict !== 'ok'),
  };
}

export const meetsTargets = (r: Report): boolean =>
  r.abuseRecall.rate >= TARGETS.abuseRecall &&
  r.spamRecall.rate >= TARGETS.spamRecall &&
  r.okFalsePositives.rate <= TARGETS.okFalsePositives;

export const meetsFreshTargets = (r: Report): boolean =>
  r.harmRecall.rate >= TARGETS.abuseRecall && r.okFalsePositives.rate <= TARGETS.okFalsePositives;

const pct = (r: Rate) => `${(r.rate * 100).toFixed(1).padStart(5)}% (${r.hit}/${r.of})`;

export function formatReport(name: string, r: Report, details = false): string {
  const lines = [
    `${name}: ${r.rows} rows`,
    '  category       precision            recall',
    ...CATEGORIES.map(
      (c) =>
        `  ${c.padEnd(14)} ${pct(r.perCategory[c].precision).padEnd(20)} ${pct(r.perCategory[c].recall)}`,
    ),
    `  abuse recall (${ABUSE.join('/')}): ${pct(r.abuseRecall)}`,
    `  spam recall (${SPAM.join('/')}): ${pct(r.spamRecall)}`,
    `  abuse and spam together: ${pct(r.harmRecall)}`,
    `  self-harm recall: ${pct(r.selfHarmRecall)}`,
    `  false positives on ok: ${pct(r.okFalsePositives)}`,
    '  verdict: label \\ check      ok  review   block',
    ...VERDICTS.map(
      (l) =>
        `           ${l.padEnd(18)}${VERDICTS.map((p) => String(r.verdicts[l][p]).padStart(p === 'ok' ? 4 : 8)).join('')}`,
    ),
  ];
  if (details) {
    const show = ({ row, result }: Scored) =>
      `    ${row.id} ${row.label}${row.kind ? `/${row.kind}` : ''} → ${result.verdict} [${result.reasons.join(', ')}]: ${row.text}`;
    lines.push('  missed:', ...r.misses.map(show), '  false alarms on ok:', ...r.falseAlarms.map(show));
  }
  return lines.join('\n');
}
