import type { ImportComponentChange, ImportFieldChange } from '@shared/bundleImport'
import type { BundleDetail, BundleInput } from '@shared/catalogue'
import { normalQuantity } from '@shared/bookingLines/quantities'

/** What an import row asks of a bundle; a field left undefined is a column the file does not have (left as it is). */
export interface BundleTarget {
  name?: string
  description?: string
  ean13?: string
  tags?: string[]
  components?: { itemId: number; itemCode: string; quantity: string }[]
}

export interface BundleDiff {
  changes: ImportFieldChange[]
  components: ImportComponentChange[]
  /** The update that makes the bundle the target: only what changes. */
  patch: Partial<BundleInput>
}

const sameQuantity = (a: string, b: string) => normalQuantity(a) === normalQuantity(b)
const sameTags = (a: readonly string[], b: readonly string[]) => [...a].sort().join('|') === [...b].sort().join('|')

/**
 * The difference between a bundle as it is (from the cache, or read from the service just now) and what
 * the file asks. Components are matched by item: one the file lists and the bundle lacks is added, one
 * the bundle has and the file does not list is removed (a second component of the same item too).
 */
export function bundleDiff(current: BundleDetail, target: BundleTarget, tagsKnown: boolean): BundleDiff {
  const changes: ImportFieldChange[] = []
  const patch: Partial<BundleInput> = {}
  if (target.name !== undefined && target.name !== current.name) {
    changes.push({ field: 'name', before: current.name, after: target.name })
    patch.name = target.name
  }
  if (target.description !== undefined && target.description !== (current.description ?? '')) {
    changes.push({ field: 'description', before: current.description ?? '', after: target.description })
    patch.description = target.description === '' ? null : target.description
  }
  if (target.ean13 !== undefined && target.ean13 !== (current.ean13 ?? '')) {
    changes.push({ field: 'ean13', before: current.ean13 ?? '', after: target.ean13 })
    patch.ean13 = target.ean13 === '' ? null : target.ean13
  }
  // A server without tags gives none to compare with: the column is left alone there.
  if (tagsKnown && target.tags !== undefined && !sameTags(target.tags, current.tags)) {
    changes.push({ field: 'tags', before: current.tags.join('|'), after: target.tags.join('|') })
    patch.tags = target.tags
  }
  const components = target.components ? componentDiff(current, target.components) : { shown: [], input: [] }
  if (components.shown.length > 0) patch.components = components.input
  return { changes, components: components.shown, patch }
}

function componentDiff(current: BundleDetail, wanted: NonNullable<BundleTarget['components']>) {
  const shown: ImportComponentChange[] = []
  const input: NonNullable<BundleInput['components']> = []
  const matched = new Set<number>()
  for (const w of wanted) {
    const at = current.components.findIndex((c, i) => !matched.has(i) && c.itemId === w.itemId)
    if (at < 0) {
      shown.push({ itemCode: w.itemCode, before: null, after: normalQuantity(w.quantity) })
      input.push({ itemId: w.itemId, quantity: w.quantity })
      continue
    }
    matched.add(at)
    const have = current.components[at]!
    if (sameQuantity(have.quantity, w.quantity)) continue
    shown.push({ itemCode: w.itemCode, before: normalQuantity(have.quantity), after: normalQuantity(w.quantity) })
    input.push(have.id === null ? { itemId: w.itemId, quantity: w.quantity } : { id: have.id, quantity: w.quantity })
  }
  current.components.forEach((have, i) => {
    if (matched.has(i)) return
    shown.push({ itemCode: have.itemCode ?? String(have.itemId), before: normalQuantity(have.quantity), after: null })
    if (have.id !== null) input.push({ id: have.id, quantity: have.quantity, remove: true })
  })
  return { shown, input }
}

/** Whether two readings of a bundle agree on everything an import compares. */
export function sameBundle(a: BundleDetail, b: BundleDetail): boolean {
  const parts = (d: BundleDetail) =>
    JSON.stringify([
      d.name,
      d.description ?? '',
      d.ean13 ?? '',
      [...d.tags].sort(),
      d.components.map((c) => [c.id, c.itemId, normalQuantity(c.quantity)]),
    ])
  return parts(a) === parts(b)
}
