// A deterministic random source for the demo data (the same demo on every start).

export type Rand = () => number;

/** mulberry32: a small seeded generator, good enough for demo data. */
export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
export const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
