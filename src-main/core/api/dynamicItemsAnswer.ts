import type { DynamicItem } from '@shared/catalogue'

/**
 * GET …/get_dynamic_items_with_stock.json: the docs (docs-zauru,
 * inventarios/inventarios-paquetes.md) say it gives "the category's items
 * with stock at the agency" and show no answer. So any shape is read: a list,
 * or the first list inside an object, or the object itself as one entry; in
 * each entry `item_id` (else `id`), `code`, `name` and `available` are read
 * where they are what they should be, and every other key is kept as text.
 * A shape nobody foresaw shows less, never a failed screen.
 */
export function dynamicItemsFrom(answer: unknown): DynamicItem[] {
  return entriesOf(answer).map(itemFrom)
}

type Entry = Record<string, unknown>

const isEntry = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value)

function entriesOf(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer
  if (!isEntry(answer)) return []
  return Object.values(answer).find(Array.isArray) ?? [answer]
}

/** Longest text kept of one value the app does not know. */
const OTHER_MAX_CHARS = 200

function textOf(value: unknown): string {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value)
  return text.length > OTHER_MAX_CHARS ? `${text.slice(0, OTHER_MAX_CHARS - 1)}…` : text
}

function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null
}

function quantityOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

const textIn = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null)

function itemFrom(entry: unknown): DynamicItem {
  const item: DynamicItem = { itemId: null, code: null, name: null, available: null, other: {} }
  if (!isEntry(entry)) {
    if (entry !== null && entry !== undefined) item.other.value = textOf(entry)
    return item
  }
  // An entry with an item_id names its own row by `id`: only without one is `id` the item's.
  const idKey = 'item_id' in entry ? 'item_id' : 'id'
  for (const [key, value] of Object.entries(entry)) {
    if (key === idKey && (item.itemId = idOf(value)) !== null) continue
    if (key === 'code' && (item.code = textIn(value)) !== null) continue
    if (key === 'name' && (item.name = textIn(value)) !== null) continue
    if (key === 'available' && (item.available = quantityOf(value)) !== null) continue
    item.other[key] = textOf(value)
  }
  return item
}
