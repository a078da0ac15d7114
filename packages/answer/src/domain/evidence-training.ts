import { evidenceProbability, type Features } from "./evidence-model.ts";

/** One labelled candidate: its features and whether it overlaps a gold evidence span. */
export interface TrainingExample {
  features: Features;
  label: 0 | 1;
}

export interface TrainingOptions {
  bits: number;
  epochs: number;
  /** AdaGrad step size. */
  learningRate: number;
  /** L2 penalty per update. */
  l2: number;
  /** Seed of the shuffle, so a run can be repeated exactly. */
  seed: number;
}

export const DEFAULT_TRAINING: TrainingOptions = { bits: 18, epochs: 6, learningRate: 0.03, l2: 1e-6, seed: 7 };

/** A small deterministic PRNG (mulberry32) for shuffling. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Logistic regression by AdaGrad over hashed sparse features (log loss, L2), epochs over a seeded
 * shuffle. Returns the weight array the evidence model scores with.
 */
export function trainLogistic(examples: readonly TrainingExample[], opts: Partial<TrainingOptions> = {}): Float32Array {
  const o = { ...DEFAULT_TRAINING, ...opts };
  const w = new Float32Array(1 << o.bits);
  const g2 = new Float32Array(1 << o.bits).fill(1e-8);
  const order = examples.map((_, i) => i);
  const rand = prng(o.seed);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const i of order) {
      const ex = examples[i] as TrainingExample;
      const err = evidenceProbability(w, ex.features) - ex.label;
      const { idx, val } = ex.features;
      for (let k = 0; k < idx.length; k++) {
        const f = idx[k] as number;
        const g = err * (val[k] as number) + o.l2 * (w[f] as number);
        g2[f] = (g2[f] as number) + g * g;
        w[f] = (w[f] as number) - (o.learningRate * g) / Math.sqrt(g2[f] as number);
      }
    }
  }
  return w;
}
