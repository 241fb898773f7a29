/**
 * A small seeded PRNG (mulberry32) so two fresh seeds produce the same catalogue. Each concern
 * (prices, reviews, orders…) takes its own stream by name, so changing one leaves the others as
 * they were.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Index chosen with probability proportional to its weight. */
  weightedIndex(weights: readonly number[]): number;
  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
}

function hashString(text: string): number {
  // FNV-1a: spreads similar names ("dyes:prices", "dyes:orders") far apart.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: string): Rng {
  let state = hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weightedIndex(weights) {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = next() * total;
      for (let i = 0; i < weights.length; i++) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return i;
      }
      return weights.length - 1;
    },
    sample(items, count) {
      const pool = [...items];
      // Partial Fisher-Yates: the first `count` slots end up a uniform sample.
      const n = Math.min(count, pool.length);
      for (let i = 0; i < n; i++) {
        const j = int(i, pool.length - 1);
        [pool[i], pool[j]] = [pool[j] as (typeof pool)[number], pool[i] as (typeof pool)[number]];
      }
      return pool.slice(0, n);
    },
  };
}
