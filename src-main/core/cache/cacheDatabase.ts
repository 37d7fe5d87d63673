import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { AppError } from '@shared/errors'
import type { z } from 'zod'
import { openSqlite, type Sqlite } from '@base/sqlite'
import { preparedOnce } from './preparedStatements'

/**
 * Opens a database and brings it to the app's schema. A database from a newer
 * app is refused untouched rather than half-understood.
 */
export function openMigrated(file: string, migrations: readonly string[]): Sqlite {
  mkdirSync(dirname(file), { recursive: true })
  const db = openSqlite(file)
  try {
    // Read first without the write lock: a file already at the app's schema (every start but an update's) takes none.
    if (versionOf(db, file, migrations) < migrations.length) migrate(db, file, migrations)
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

function versionOf(db: Sqlite, file: string, migrations: readonly string[]): number {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > migrations.length) {
    throw new AppError('incompatible_data', {
      detail: `${file} is at schema ${current}; this app knows up to ${migrations.length}`,
    })
  }
  return current
}

/**
 * The steps still to take, each in its transaction. Each step reads the version again once it holds the write lock:
 * another process opening the file at the same time (the app and the CLI) may have taken it meanwhile, and a step
 * taken twice either fails or, when it can run again, sets the version back under the steps after it. Foreign keys
 * are off meanwhile, as SQLite's way of rebuilding a table under another's reference asks (it cannot change a column
 * otherwise); a step that leaves a reference broken is undone.
 */
function migrate(db: Sqlite, file: string, migrations: readonly string[]): void {
  db.pragma('foreign_keys = OFF')
  try {
    const step = db.transaction((): boolean => {
      const version = versionOf(db, file, migrations)
      if (version === migrations.length) return false
      takeStep(db, version, migrations[version] as string)
      const broken = db.pragma('foreign_key_check') as unknown[]
      if (broken.length > 0)
        throw new AppError('incompatible_data', { detail: `schema step ${version + 1} left ${broken.length} broken references` })
      db.pragma(`user_version = ${version + 1}`)
      return true
    })
    let more = true
    while (more) more = step.immediate()
  } finally {
    db.pragma('foreign_keys = ON')
  }
}

/**
 * A step SQLite refuses as written (a table it makes is there already) was taken before on this file by a start that
 * did not set the version (an earlier version's two processes at once): the file is half updated, set aside as damage.
 */
function takeStep(db: Sqlite, version: number, sql: string): void {
  try {
    db.exec(sql)
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'SQLITE_ERROR') throw err
    throw Object.assign(new Error(`schema step ${version + 1} cannot be taken: ${(err as Error).message}`, { cause: err }), {
      code: SCHEMA_STEP_REFUSED,
    })
  }
}

/** The code of the error a refused schema step throws (fileDamage.ts tells it as damage). */
export const SCHEMA_STEP_REFUSED = 'MOSTRADOR_SCHEMA_STEP_REFUSED'

// Some documents (the profile) are read several times per commit: their statement is prepared once per file.
type DocumentRow = { value: string; updated_at: string }
const documentRow = preparedOnce<[string], DocumentRow>('SELECT value, updated_at FROM documents WHERE key = ?')

/** A kept document as its stored JSON text, for a reader that keeps what it parsed while the text is the same. */
export function readDocumentText(db: Sqlite, key: string): { text: string; updatedAt: string } | null {
  const row = documentRow(db).get(key)
  return row ? { text: row.value, updatedAt: row.updated_at } : null
}

/** A kept document through its schema: one that no longer reads (damaged, another version's shape) is null. */
export function readDocumentAs<T>(db: Sqlite, key: string, schema: z.ZodType<T>): T | null {
  const kept = readDocumentText(db, key)
  if (!kept) return null
  const parsed = schema.safeParse(parsedJson(kept.text))
  return parsed.success ? parsed.data : null
}

/** JSON text as a value, or undefined when it is not JSON (a schema then refuses it). */
export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A small JSON document kept in the cache (e.g. the last profile seen), as a value its reader narrows (a schema, or
 * readDocumentAs); a text that is not JSON throws, for a reader that drops it and says so.
 */
export function readDocument(db: Sqlite, key: string): { value: unknown; updatedAt: string } | null {
  const kept = readDocumentText(db, key)
  if (!kept) return null
  const value: unknown = JSON.parse(kept.text)
  return { value, updatedAt: kept.updatedAt }
}

export function writeDocument(db: Sqlite, key: string, value: unknown, now: Date): void {
  db.prepare(
    'INSERT INTO documents (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  ).run(key, JSON.stringify(value), now.toISOString())
}

export function deleteDocument(db: Sqlite, key: string): void {
  db.prepare('DELETE FROM documents WHERE key = ?').run(key)
}
