import { request } from '@renderer/api'

/** What a scanned code names in the cached catalogue: an item (its id), a bundle, or nothing known. */
export type ScannedCode =
  | { kind: 'item'; itemId: number; code: string; name: string }
  | { kind: 'bundle'; code: string }
  /** `noCatalogueYet`: as the core's scan says it (src-shared/counter.ts). */
  | { kind: 'unknown'; code: string; noCatalogueYet?: true }

/**
 * Counting by scanning, from the catalogue cached on this computer. Goods are
 * received as items: a code is looked up as an item first (a bundle's barcode
 * may repeat an item's); only a code no item has is asked as a bundle, to say
 * why it cannot be counted.
 */
export async function identify(code: string, kind?: 'item' | 'bundle'): Promise<ScannedCode> {
  const found = await request('counter.scan', { code, kind: kind ?? 'item' })
  if (found.kind === 'item') return { kind: 'item', itemId: found.item.item.id, code: found.item.item.code, name: found.item.item.name }
  if (found.kind === 'unknown' && found.noCatalogueYet) return found
  // Only a bundle answers "refused" (an inactive one): still a bundle, which receptions do not count.
  if (found.kind === 'bundle' || found.kind === 'refused' || kind) return { kind: found.kind === 'refused' ? 'bundle' : found.kind, code }
  const bundle = await request('counter.scan', { code, kind: 'bundle' })
  return { kind: bundle.kind === 'bundle' || bundle.kind === 'refused' ? 'bundle' : 'unknown', code }
}
