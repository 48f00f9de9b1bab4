import { createHash } from 'node:crypto';
import {
  features,
  MODEL_CLASSES,
  softmax,
  type Model,
  type ModelClass,
  type ModelFile,
} from './moderation.model.ts';

// Training of the statistical layer (ADR 036), for scripts/moderation-train.ts and its tests: softmax
// regression with L2, AdaGrad steps, a seeded shuffle, so the same corpus always gives the same model.
// Written by hand: no well-kept npm package trains a sparse linear model without native code or a
// large framework, and this is eighty lines that the tests pin down.

export type Example = { text: string; label: ModelClass };
export type TrainOptions = {
  buckets: number;
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
  // How much rare classes count more: weight = (n / (classes × count))^balance.
  balance: number;
};

export const DEFAULT_TRAINING: TrainOptions = {
  // 2^17: on the blind rounds held out one at a time, 2^16 → 2^17 buckets took recall at 4 % false
  // positives from 88.9 % to 89.5 % (fewer n-grams share a weight; ADR 073, round 9).
  buckets: 1 << 17,
  epochs: 12,
  rate: 0.4,
  // Strong enough that shared n-grams and stems outweigh one line's words (ADR 073 round 3: on
  // writers the model never saw, 1e-5 → 1e-3 took recall from 59 % to 65 %).
  l2: 1e-3,
  seed: 17,
  balance: 0,
};

// mulberry32: a small seeded generator for the shuffle.
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function train(examples: Example[], options: TrainOptions = DEFAULT_TRAINING): Model {
  const { buckets, epochs, rate, l2 } = options;
  const classes = MODEL_CLASSES;
  const c = classes.length;
  const rows = examples.map((e) => ({ ...features(e.text, buckets), y: classes.indexOf(e.label) }));
  if (rows.some((r) => r.y < 0)) throw new Error('moderation training: unknown label');
  // Rare classes may count more, so "ok" does not drown them.
  const counts = new Array<number>(c).fill(0);
  for (const r of rows) counts[r.y]++;
  const classWeight = counts.map((n) => (n ? (rows.length / (c * n)) ** options.balance : 0));

  const weights = new Float32Array(buckets * c);
  const squared = new Float32Array(buckets * c);
  const bias = new Float64Array(c);
  const biasSquared = new Float64Array(c);
  const order = rows.map((_, i) => i);
  const random = seeded(options.seed);
  const z = new Float64Array(c);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const n of order) {
      const { index, value, y } = rows[n];
      z.set(bias);
      for (const i of index) for (let k = 0; k < c; k++) z[k] += weights[i * c + k] * value;
      const p = softmax(z);
      const w = classWeight[y];
      for (let k = 0; k < c; k++) {
        const g = (p[k] - (k === y ? 1 : 0)) * w;
        biasSquared[k] += g * g;
        bias[k] -= (rate * g) / Math.sqrt(biasSquared[k] + 1e-8);
        for (const i of index) {
          const at = i * c + k;
          const grad = g * value + l2 * weights[at];
          squared[at] += grad * grad;
          weights[at] -= (rate * grad) / Math.sqrt(squared[at] + 1e-8);
        }
      }
    }
  }
  return { buckets, classes, bias, weights, okBelow: 0.5 };
}

// The file form: int8 weights with one scale per class, so 2^16 buckets × 12 classes stay near 1 MB.
export function encodeModel(
  model: Model,
  about: string,
  trainedOn: ModelFile['trainedOn'],
): { file: ModelFile; model: Model } {
  const c = model.classes.length;
  const round = (x: number) => Number(x.toPrecision(6));
  const scale = Array.from({ length: c }, (_, k) => {
    let max = 0;
    for (let i = k; i < model.weights.length; i += c) max = Math.max(max, Math.abs(model.weights[i]));
    return round(max / 127) || 1;
  });
  const q = new Int8Array(model.weights.length);
  const restored = new Float32Array(model.weights.length);
  for (let i = 0; i < q.length; i++) {
    q[i] = Math.round(model.weights[i] / scale[i % c]);
    restored[i] = q[i] * scale[i % c];
  }
  const file: ModelFile = {
    version: 1,
    about,
    buckets: model.buckets,
    classes: [...model.classes],
    bias: Array.from(model.bias, round),
    scale,
    weights: Buffer.from(q.buffer).toString('base64'),
    okBelow: model.okBelow,
    trainedOn,
  };
  return { file, model: { ...model, bias: Float64Array.from(file.bias), weights: restored } };
}

// Identifies the training rows, so a test can tell a model that no longer matches its corpus.
export function corpusDigest(examples: { id: string; text: string; label: string }[]): string {
  const hash = createHash('sha256');
  for (const e of [...examples].sort((a, b) => a.id.localeCompare(b.id))) {
    hash.update(`${e.id}\t${e.label}\t${e.text}\n`);
  }
  return hash.digest('hex');
}
