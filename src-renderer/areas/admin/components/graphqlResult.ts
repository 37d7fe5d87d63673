/**
 * The two ways the console shows a GraphQL answer: a tree of every value,
 * and a table of the first list of records in it (what a query usually asks
 * for). Pure functions, so they are tested without a browser.
 */

/** A naive-ui tree option (it wants an index signature). */
export interface ResultTreeNode {
  [extra: string]: unknown
  key: string
  label: string
  children?: ResultTreeNode[]
}

function scalarText(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return JSON.stringify(value)
  return String(value)
}

/** Every value of the answer as a tree: objects and lists open, scalars as `name: value`. */
export function resultTree(value: unknown, name = 'data', path = 'data'): ResultTreeNode {
  if (Array.isArray(value)) {
    return { key: path, label: `${name} [${value.length}]`, children: value.map((v, i) => resultTree(v, String(i), `${path}.${i}`)) }
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
    return { key: path, label: `${name} {${entries.length}}`, children: entries.map(([k, v]) => resultTree(v, k, `${path}.${k}`)) }
  }
  return { key: path, label: `${name}: ${scalarText(value)}` }
}

export interface ResultTable {
  /** Where the list was found, e.g. `webapp_table_rows`. */
  path: string
  columns: string[]
  rows: Record<string, string>[]
}

function isRecordList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
}

/** The first list of records, breadth-first, so `{ items { … } }` finds `items` before anything nested in it. */
function firstRecordList(data: unknown): { path: string; list: Record<string, unknown>[] } | null {
  const queue: { path: string; value: unknown }[] = [{ path: '', value: data }]
  while (queue.length) {
    const { path, value } = queue.shift()!
    if (isRecordList(value)) return { path, list: value }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) queue.push({ path: path ? `${path}.${k}` : k, value: v })
    }
  }
  return null
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The table of the first list of records; its columns are every key any record has, in first-seen order. */
export function resultTable(data: unknown): ResultTable | null {
  const found = firstRecordList(data)
  if (!found) return null
  const columns: string[] = []
  for (const record of found.list) for (const key of Object.keys(record)) if (!columns.includes(key)) columns.push(key)
  return { path: found.path, columns, rows: found.list.map((r) => Object.fromEntries(columns.map((c) => [c, cellText(r[c])]))) }
}
