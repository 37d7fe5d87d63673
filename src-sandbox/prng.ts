/**
 * A small seeded pseudo-random generator. The seed must give byte-identical
 * data on every machine, so Math.random (unseeded) is never used for seeding.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with the given probability. */
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
}

/** FNV-1a over the label, mixed with the seed: each data area gets its own stream. */
function mixSeed(seed: number, label: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * mulberry32: fast, 32-bit state, good enough for demo data. A separate stream
 * per label keeps one area's data stable when another area grows (the large
 * scale changes the first entity's items, not the second entity's).
 */
export function createPrng(seed: number, label = ''): Prng {
  let state = mixSeed(seed >>> 0, label)
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)] as T
    },
  }
}
