import type { Sqlite } from '@base/sqlite'
import { characterCount } from '@shared/patterns'
import { errorMessagesFor } from '../routes/validationMessages'
import { validationText } from './validationText'

export interface PieceworkTypeGroupRow {
  id: number
  entity_id: number
  zid: number
  name: string
  id_number: string | null
  description: string | null
  creator_id: number | null
  updater_id: number | null
  created_at: string
  updated_at: string
}

export interface PieceworkTypeGroupForm {
  name?: unknown
  id_number?: unknown
  description?: unknown
}

export function listPieceworkTypeGroups(db: Sqlite, entityId: number): PieceworkTypeGroupRow[] {
  return db
    .prepare<[number], PieceworkTypeGroupRow>('SELECT * FROM piecework_type_groups WHERE entity_id = ? ORDER BY name COLLATE NOCASE, id')
    .all(entityId)
}

export function findPieceworkTypeGroup(db: Sqlite, entityId: number, id: number): PieceworkTypeGroupRow | undefined {
  return db
    .prepare<[number, number], PieceworkTypeGroupRow>('SELECT * FROM piecework_type_groups WHERE entity_id = ? AND id = ?')
    .get(entityId, id)
}

/** Optional texts: blank means none, as a Rails form sends it. */
function optionalText(value: unknown): string | null | 'invalid' {
  if (value === undefined || value === null) return null
  if (typeof value === 'number') return String(value)
  if (typeof value !== 'string') return 'invalid'
  return value.trim() === '' ? null : value.trim()
}

type Checked =
  | { kind: 'ok'; values: { name: string; id_number: string | null; description: string | null } }
  | { kind: 'invalid'; errors: Record<string, string[]> }

/**
 * Validates a create (every field) or an update (only the fields given, on
 * top of `existing`). The name is required and unique in the entity, the way
 * a payroll clerk would expect to tell groups apart (ours: the spec shows no
 * rule beyond the name).
 */
export function checkPieceworkTypeGroup(
  db: Sqlite,
  entityId: number,
  form: PieceworkTypeGroupForm,
  existing?: PieceworkTypeGroupRow,
): Checked {
  const errors = errorMessagesFor()
  const name = form.name === undefined && existing ? existing.name : form.name
  if (typeof name !== 'string' || name.trim() === '') errors.add('name', validationText.blank)
  else if (characterCount(name.trim()) > 120) errors.add('name', validationText.tooLong(120))
  else {
    const clash = db
      .prepare('SELECT id FROM piecework_type_groups WHERE entity_id = ? AND name = ? COLLATE NOCASE AND id <> ?')
      .get(entityId, name.trim(), existing?.id ?? 0)
    if (clash) errors.add('name', validationText.taken)
  }
  const idNumber = form.id_number === undefined && existing ? existing.id_number : optionalText(form.id_number)
  if (idNumber === 'invalid') errors.add('id_number', validationText.invalid)
  const description = form.description === undefined && existing ? existing.description : optionalText(form.description)
  if (description === 'invalid') errors.add('description', validationText.invalid)
  if (errors.any()) return { kind: 'invalid', errors: errors.fields }
  return {
    kind: 'ok',
    values: { name: (name as string).trim(), id_number: idNumber as string | null, description: description as string | null },
  }
}

export function insertPieceworkTypeGroup(
  db: Sqlite,
  entityId: number,
  userId: number,
  now: string,
  values: { name: string; id_number: string | null; description: string | null },
): number {
  const zid = db
    .prepare<[number], { zid: number }>('SELECT COALESCE(MAX(zid), 0) + 1 AS zid FROM piecework_type_groups WHERE entity_id = ?')
    .get(entityId)!.zid
  const result = db
    .prepare(
      `INSERT INTO piecework_type_groups (entity_id, zid, name, id_number, description, creator_id, updater_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(entityId, zid, values.name, values.id_number, values.description, userId, userId, now, now)
  return Number(result.lastInsertRowid)
}

export function updatePieceworkTypeGroup(
  db: Sqlite,
  id: number,
  userId: number,
  now: string,
  values: { name: string; id_number: string | null; description: string | null },
): void {
  db.prepare('UPDATE piecework_type_groups SET name = ?, id_number = ?, description = ?, updater_id = ?, updated_at = ? WHERE id = ?').run(
    values.name,
    values.id_number,
    values.description,
    userId,
    now,
    id,
  )
}
