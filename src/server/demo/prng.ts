// A seeded pseudo-random generator (mulberry32): the same seed gives the same
// sequence on every machine, so the demo feed and the demo images never change
// unless the code does.

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string: a seed derived from a name. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A whole number from lo to hi inclusive. */
export const int = (rand: Random, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

export const pick = <T>(rand: Random, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

export function weighted<T extends { weight: number }>(rand: Random, list: readonly T[]): T {
  const total = list.reduce((s, x) => s + x.weight, 0);
  let r = rand() * total;
  for (const x of list) {
    r -= x.weight;
    if (r < 0) return x;
  }
  return list[list.length - 1]!;
}

/** k distinct items of the list, in the list's order. */
export function sample<T>(rand: Random, list: readonly T[], k: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(k, list.length)) chosen.add(Math.floor(rand() * list.length));
  return [...chosen].sort((a, b) => a - b).map((i) => list[i]!);
}
