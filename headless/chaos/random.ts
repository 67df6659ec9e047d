/** The chaos run's one source of randomness (sfc32 seeded from --seed), so a run's edits and kill moments replay. */

export interface Random {
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items (fewer when there are not as many). */
  sample<T>(items: readonly T[], count: number): T[];
  /** An item chosen with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

export function seededRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next(); // mix the seed in before the first draw
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (!items.length) throw new Error('Nothing to pick from');
      return items[Math.floor(next() * items.length)]!;
    },
    sample(items, count) {
      const pool = [...items];
      const out: (typeof items)[number][] = [];
      while (out.length < count && pool.length)
        out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
    weighted(items) {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
      return items.at(-1)![0];
    },
  };
  return random;
}
