// `npm run moderation:eval`: scores the content check (rules + model, ADR 036) on the labelled corpus,
// per split: precision and recall per category, abuse and spam recall, false positives on ok, the
// verdict confusion. Exit code 1 when the held-out test split misses the targets (recall ≥ 90 % on
// abuse and on spam, ≤ 5 % false positives on ok), 2 when the corpus is malformed.
//   --details       list every miss and false alarm
//   --split=dev     only that split (repeatable); the test split is the gate
//   --rules-only    without the model (to see what each layer adds)
import { corpusProblems, loadCorpus, type Split } from '#server/modules/moderation/moderation.corpus.ts';
import { checkText, builtinModel } from '#server/modules/moderation/moderation.engine.ts';
import {
  formatReport,
  meetsTargets,
  report,
  TARGETS,
} from '#server/modules/moderation/moderation.metrics.ts';
import { checkWithRules } from '#server/modules/moderation/moderation.rules.ts';

const started = performance.now();
const args = process.argv.slice(2);
const details = args.includes('--details');
const rulesOnly = args.includes('--rules-only');
const chosen = args.filter((a) => a.startsWith('--split=')).map((a) => a.slice(8) as Split);
const splits: Split[] = chosen.length ? chosen : ['train', 'dev', 'test'];

let rows;
try {
  rows = loadCorpus();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const problems = corpusProblems(rows);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(2);
}

const model = rulesOnly ? null : builtinModel();
const context = { now: new Date('2026-01-01T12:00:00Z'), recentMessages: [] };
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
    test: 'test (held out)',
  }[split];
  console.log(`\n${formatReport(`${name}, ${model ? 'rules + model' : 'rules alone'}`, r, details)}`);
  if (split === 'test' && model) {
    const rules = report(
      part.map((row) => ({ row, result: checkWithRules(row.text, { ...context, kind: row.kind }) })),
    );
    console.log(
      `  rules alone: abuse recall ${(rules.abuseRecall.rate * 100).toFixed(1)}%, spam recall ${(rules.spamRecall.rate * 100).toFixed(1)}%, false positives ${(rules.okFalsePositives.rate * 100).toFixed(1)}%`,
    );
  }
  if (split === 'test') {
    passed = meetsTargets(r);
    console.log(
      `  targets (recall ≥ ${TARGETS.abuseRecall * 100}% abuse and spam, false positives ≤ ${TARGETS.okFalsePositives * 100}%): ${passed ? 'met' : 'NOT met'}`,
    );
  }
}
console.log(`\n${rows.length} rows checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(passed ? 0 : 1);
