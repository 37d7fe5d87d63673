import type { Sqlite } from '@base/sqlite'
import { errorMessagesFor } from '../routes/validationMessages'
import type { StatementCache } from '../store/statementCache'
import { newBundleDefaults, type BundleForm, type ColumnValue, type WritableColumn } from './bundleForm'
import type { BundleRow } from './bundles'
import { writeImageChanges, type ImageChange } from './bundleImages'
import { setBundleTags } from './bundleTags'
import { validationText as t } from './validationText'

/**
 * Validates a bundle form against the database and writes it: the create and
 * update of the REST routes and each row of an import. Everything happens in
 * the caller's transaction or in one of its own, so a write is whole or not
 * at all (and the "drop after commit" fault finds it committed).
 */
export interface SaveRequest {
  entityId: number
  userId: number
  /** Stored-form timestamp for created_at/updated_at. */
  now: string
  /** The bundle being updated; absent to create one. */
  existing?: BundleRow
  form: BundleForm
  /** Uploads and removals of the form's image slots, already checked (readImageChanges). */
  images?: readonly ImageChange[]
}

export type CheckResult =
  | { kind: 'valid' }
  | { kind: 'invalid'; errors: Record<string, string[]> }
  /** An update named a component the bundle does not have: Rails answers RecordNotFound (404). */
  | { kind: 'detailNotFound'; message: string }

export type SaveResult = { kind: 'saved'; id: number } | Exclude<CheckResult, { kind: 'valid' }>

/** Checks a form without writing (an import checks every row before it writes any). */
export function checkBundle(statements: StatementCache, req: SaveRequest): CheckResult {
  const { form, existing, entityId } = req
  const errors = errorMessagesFor()
  for (const [field, messages] of Object.entries(form.errors)) for (const m of messages) errors.add(field, m)

  if (!existing) {
    for (const required of ['code', 'name'] as const)
      if (!(required in form.changes) && !form.errors[required]) errors.add(required, t.blank)
  }
  const code = form.changes.code
  if (typeof code === 'string') {
    const taken = statements
      .get('SELECT 1 FROM bundles WHERE entity_id = ? AND code = ? AND id <> ?')
      .get(entityId, code, existing?.id ?? 0)
    if (taken !== undefined) errors.add('code', t.taken)
  }

  const dynamic = 'category_bundle' in form.changes ? form.changes.category_bundle === 1 : existing?.category_bundle === 1
  const categoryId = 'item_category_id' in form.changes ? form.changes.item_category_id : (existing?.item_category_id ?? null)
  if (!form.errors.item_category_id) {
    if (dynamic && categoryId === null) errors.add('item_category_id', t.blank)
    else if (categoryId !== null && categoryId !== undefined && 'item_category_id' in form.changes) {
      const known = statements.get('SELECT 1 FROM item_categories WHERE id = ? AND entity_id = ?').get(categoryId, entityId)
      if (known === undefined) errors.add('item_category_id', t.mustExist)
    }
  }

  const ownDetails = new Set(
    existing ? statements.get<[number], number>('SELECT id FROM bundle_details WHERE bundle_id = ?').pluck().all(existing.id) : [],
  )
  for (const detail of form.details) {
    if (detail.id !== undefined && !ownDetails.has(detail.id)) {
      return {
        kind: 'detailNotFound',
        message: `Couldn't find BundleDetail with ID=${detail.idText ?? detail.id} for Bundle with ID=${existing?.id ?? ''}`,
      }
    }
    if (detail.itemId !== undefined) {
      const item = statements.get('SELECT 1 FROM items WHERE id = ? AND entity_id = ?').get(detail.itemId, entityId)
      if (item === undefined) errors.add('bundle_details.item_id', t.mustExist)
    }
  }
  return errors.any() ? { kind: 'invalid', errors: errors.fields } : { kind: 'valid' }
}

/** Writes a form that checkBundle found valid; returns the bundle's id. The caller holds the transaction. */
export function writeBundle(db: Sqlite, statements: StatementCache, req: SaveRequest): number {
  const { form, existing, entityId, userId, now } = req
  let id: number
  if (existing) {
    id = existing.id
    const columns = Object.keys(form.changes) as WritableColumn[]
    db.prepare(`UPDATE bundles SET ${[...columns.map((c) => `${c} = ?`), 'updated_at = ?', 'updater_id = ?'].join(', ')} WHERE id = ?`).run(
      ...columns.map((c) => form.changes[c] ?? null),
      now,
      userId,
      id,
    )
  } else {
    const values: Record<string, ColumnValue> = { ...newBundleDefaults, ...form.changes }
    const zid = db.prepare<[number], number>('SELECT COALESCE(MAX(zid), 0) + 1 FROM bundles WHERE entity_id = ?').pluck().get(entityId)!
    const columns = Object.keys(values)
    const result = db
      .prepare(
        `INSERT INTO bundles (entity_id, zid, updater_id, created_at, updated_at, bundle_details_count, ${columns.join(', ')})
         VALUES (?, ?, ?, ?, ?, 0, ${columns.map(() => '?').join(', ')})`,
      )
      .run(entityId, zid, userId, now, now, ...columns.map((c) => values[c] ?? null))
    id = Number(result.lastInsertRowid)
  }

  for (const detail of form.details) {
    if (detail.id !== undefined && detail.destroy)
      db.prepare('DELETE FROM bundle_details WHERE id = ? AND bundle_id = ?').run(detail.id, id)
    else if (detail.id !== undefined) {
      if (detail.itemId !== undefined) db.prepare('UPDATE bundle_details SET item_id = ? WHERE id = ?').run(detail.itemId, detail.id)
      if (detail.quantity !== undefined) db.prepare('UPDATE bundle_details SET quantity = ? WHERE id = ?').run(detail.quantity, detail.id)
    } else {
      db.prepare('INSERT INTO bundle_details (entity_id, bundle_id, item_id, quantity) VALUES (?, ?, ?, ?)').run(
        entityId,
        id,
        detail.itemId!,
        detail.quantity!,
      )
    }
  }
  // The service keeps the count in a counter cache; recounting cannot drift.
  db.prepare('UPDATE bundles SET bundle_details_count = (SELECT COUNT(*) FROM bundle_details WHERE bundle_id = ?) WHERE id = ?').run(id, id)
  if (form.tags !== undefined) setBundleTags(db, statements, entityId, id, form.tags)
  if (req.images?.length) writeImageChanges(db, id, req.images, now)
  return id
}

/** Checks and writes in one transaction. */
export function saveBundle(db: Sqlite, statements: StatementCache, req: SaveRequest): SaveResult {
  return db.transaction((): SaveResult => {
    const check = checkBundle(statements, req)
    if (check.kind !== 'valid') return check
    return { kind: 'saved', id: writeBundle(db, statements, req) }
  })()
}
