import type { ImportPreview, ImportProblem, ImportRow } from '@shared/bundleImport'
import { isValidEan13 } from '@shared/catalogue'
import { isValidQuantity } from '@shared/patterns'
import type { CatalogueStore } from '../cache/catalogueStore'
import { bundleDiff, type BundleTarget } from './bundleDiff'
import type { ParsedFile, ParsedRow } from './bundleFiles'
import { tooLongTexts } from './bundleImportLengths'

/** A row that updates the bundle with its code: what it asks, checked again against the service before sending. */
export interface PlannedUpdate {
  bundleId: number
  code: string
  target: BundleTarget
}

export interface ImportPlan {
  preview: ImportPreview
  /** The rows of new bundles, sent together as one file. */
  creates: ParsedRow[]
  updates: PlannedUpdate[]
}

interface Component {
  code: string
  quantity: string
  written: string
}

function parseComponents(text: string): { components: Component[]; problems: ImportProblem[] } {
  const components: Component[] = []
  const problems: ImportProblem[] = []
  if (!text.trim()) return { components, problems }
  for (const part of text.split(';')) {
    const written = part.trim()
    const at = written.lastIndexOf(':')
    const code = at < 0 ? '' : written.slice(0, at).trim()
    const quantity = at < 0 ? '' : written.slice(at + 1).trim()
    if (!code || !isValidQuantity(quantity)) problems.push({ field: 'components', kind: 'badComponent', value: written })
    else components.push({ code, quantity, written })
  }
  return { components, problems }
}

/**
 * Checks each row the way the service would, offline, against the cached catalogue, and tells a new
 * bundle from an update of the one with its code (what changes, old → new). Nothing is sent here.
 */
export function planImport(file: ParsedFile, store: CatalogueStore, tagsKnown: boolean): ImportPlan {
  const { rows, columns } = file
  const parsed = rows.map((r) => parseComponents(r.values.components))
  const items = store.itemIdsByCode([...new Set(parsed.flatMap((p) => p.components.map((c) => c.code)))])
  const existing = store.bundleIdsByCode(rows.map((r) => r.values.code).filter(Boolean))
  const firstRow = new Map<string, number>()
  const plan: ImportPlan = { preview: { rows: [], creates: 0, updates: 0, unchanged: 0, invalid: 0 }, creates: [], updates: [] }
  rows.forEach((parsedRow, index) => {
    const { row, values } = parsedRow
    const problems: ImportProblem[] = []
    const key = values.code.toLowerCase()
    if (!values.code) problems.push({ field: 'code', kind: 'missing', value: '' })
    else if (firstRow.has(key)) problems.push({ field: 'code', kind: 'repeated', value: values.code, row: firstRow.get(key)! })
    else firstRow.set(key, row)
    if (!values.name) problems.push({ field: 'name', kind: 'missing', value: '' })
    if (values.ean13 && !isValidEan13(values.ean13)) problems.push({ field: 'ean13', kind: 'badEan13', value: values.ean13 })
    problems.push(...tooLongTexts(values))
    const { components, problems: componentProblems } = parsed[index]!
    problems.push(...componentProblems)
    const seenItems = new Set<string>()
    for (const c of components) {
      if (!items.has(c.code)) problems.push({ field: 'components', kind: 'unknownItem', value: c.code })
      else if (seenItems.has(c.code)) problems.push({ field: 'components', kind: 'componentTwice', value: c.code })
      seenItems.add(c.code)
    }
    const base = { row, code: values.code, name: values.name, problems, changes: [], components: [] }
    const bundleId = existing.get(values.code)
    const current = bundleId === undefined ? null : store.bundle(bundleId)
    if (problems.length > 0 || bundleId === undefined || !current) {
      plan.preview.rows.push({ ...base, action: current ? 'update' : 'create' })
      if (problems.length > 0) plan.preview.invalid++
      else {
        plan.preview.creates++
        plan.creates.push(parsedRow)
      }
      return
    }
    const has = (c: string) => columns.has(c)
    const target: BundleTarget = {
      name: values.name,
      description: has('description') ? values.description : undefined,
      ean13: has('ean13') ? values.ean13 : undefined,
      tags: has('tags')
        ? values.tags
            .split('|')
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
      components: has('components')
        ? components.map((c) => ({ itemId: items.get(c.code)!, itemCode: c.code, quantity: c.quantity }))
        : undefined,
    }
    const diff = bundleDiff(current, target, tagsKnown)
    const changed = diff.changes.length > 0 || diff.components.length > 0
    const shown: ImportRow = { ...base, action: changed ? 'update' : 'unchanged', changes: diff.changes, components: diff.components }
    plan.preview.rows.push(shown)
    if (!changed) return void plan.preview.unchanged++
    plan.preview.updates++
    plan.updates.push({ bundleId, code: values.code, target })
  })
  return plan
}
