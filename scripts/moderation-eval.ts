// `npm run moderation:eval`: scores the content check (rules + model, ADR 036, 073) on the labelled
// corpus, per split: precision and recall per category, abuse and spam recall, false positives on ok,
// the verdict confusion. The frozen `fresh` split (written by people who never saw the corpus or the
// rules, issue 25) is reported apart and only in aggregate: its lines are never listed, not even with
// --details. Exit code 1 when the held-out test split misses its targets (recall ≥ 90 % on abuse and
// on spam, ≤ 5 % false positives on ok) or, once FRESH_GATE is on, when the fresh split misses its own
// (recall ≥ 90 % on abuse and spam together, ≤ 5 % false positives); 2 when the corpus is malformed.
//   --details       list every miss and false alarm (never of the fresh split)
//   --split=dev     only that split (repeatable)
//   --rules-only    without the model (to see what each layer adds)
//   --file=PATH     score a new batch (JSON Lines with text, label, verdict, kind) before it joins the
//                   corpus, in aggregate like fresh: how a blind batch is scored once before training
import {
  corpusProblems,
  isFresh,
  loadCorpus,
  readCorpusFile,
  type Row,
  type Split,
} from '#server/modules/moderation/moderation.corpus.ts';
import { checkText, builtinModel } from '#server/modules/moderation/moderation.engine.ts';
import {
  FRESH_GATE,
  formatReport,
  meetsFreshTargets,
  meetsTargets,
  report,
  TARGETS,
  type Report,
} from '#server/modules/moderation/moderation.metrics.ts';
import { checkWithRules } from '#server/modules/moderation/moderation.rules.ts';

const started = performance.now();
const args = process.argv.slice(2);
const details = args.includes('--details');
const rulesOnly = args.includes('--rules-only');
const chosen = args.filter((a) => a.startsWith('--split=')).map((a) => a.slice(8) as Split);
const batch = args.find((a) => a.startsWith('--file='))?.slice(7);
const splits: Split[] = batch
  ? ['fresh']
  : chosen.length
    ? chosen
    : ['train', 'dev', 'test', 'fresh', 'fresh2'];

let rows: Row[];
try {
  // A batch outside the corpus is read as a blind split: aggregate figures only, never its lines.
  rows = batch ? readCorpusFile(batch, { split: 'fresh' }) : loadCorpus();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const problems = corpusProblems(rows);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(2);
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const model = rulesOnly ? null : builtinModel();
const context = { now: new Date('2026-01-01T12:00:00Z'), recentMessages: [] };
const rulesAlone = (part: typeof rows): Report =>
  report(part.map((row) => ({ row, result: checkWithRules(row.text, { ...context, kind: row.kind }) })));
let passed = true;
for (const split of splits) {
  const part = rows.filter((r) => r.split === split);
  const scored = part.map((row) => ({
    row,
    result: checkText(row.text, { ...context, kind: row.kind }, model),
  }));
  const r = report(scored);
  const name = {
    train: 'train (the model learnt these)',
    dev: 'dev (thresholds tuned here)',
    test: 'test (held out, same author as train)',
    fresh: 'fresh (frozen, other writers; aggregate only)',
    fresh2: 'fresh2 (frozen, written after round 5 by two more writers; aggregate only)',
  }[split];
  const engine = model ? 'rules + model' : 'rules alone';
  console.log(`\n${formatReport(`${name}, ${engine}`, r, details && !isFresh(split))}`);
  if ((split === 'test' || isFresh(split)) && model) {
    const rules = rulesAlone(part);
    console.log(
      `  rules alone: abuse recall ${pct(rules.abuseRecall.rate)}, spam recall ${pct(rules.spamRecall.rate)}, abuse+spam ${pct(rules.harmRecall.rate)}, false positives ${pct(rules.okFalsePositives.rate)}`,
    );
  }
  if (split === 'test') {
    const met = meetsTargets(r);
    passed &&= met;
    console.log(
      `  targets (recall ≥ ${TARGETS.abuseRecall * 100}% abuse and spam, false positives ≤ ${TARGETS.okFalsePositives * 100}%): ${met ? 'met' : 'NOT met'}`,
    );
  }
  if (isFresh(split)) {
    const met = meetsFreshTargets(r);
    if (FRESH_GATE && !batch) passed &&= met;
    console.log(
      `  targets (recall ≥ ${TARGETS.abuseRecall * 100}% on abuse and spam together: ${pct(r.harmRecall.rate)}; false positives ≤ ${TARGETS.okFalsePositives * 100}%): ${met ? 'met' : 'NOT met'}${FRESH_GATE && !batch ? '' : ' (reported, not a gate)'}`,
    );
  }
}
console.log(`\n${rows.length} rows checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(passed ? 0 : 1);
