import type { Prng } from '../prng'

/** A version-4 UUID drawn from the seed's stream, so seeded records get the same uuid on every machine. */
export function seedUuid(prng: Prng): string {
  const hex = Array.from({ length: 32 }, () => prng.int(0, 15).toString(16)).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[prng.int(0, 3)]}${hex.slice(17, 20)}-${hex.slice(20)}`
}
