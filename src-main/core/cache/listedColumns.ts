import type { Sqlite } from '@base/sqlite'
import { BATCH_ROWS } from '../api/catalogueGraphql'
import { parsedJson } from './cacheDatabase'
import { insertBundleFtsSql } from './catalogueRowWrites'
import { restColumnsReader } from './restColumnsTable'

/** The routine pull's write, a bounded transaction at a time (catalogueChangeWriter.ts). */
export interface Batches {
  one(write: () => void): Promise<void>
  /** `rows` written `write(part)` a batch at a time, at most `most` a batch. */
  each<T>(rows: readonly T[], most: number, write: (part: readonly T[]) => void): Promise<void>
}

interface LiveBundle {
  code: string
  name: string
  tags: string
  record: string
}

/**
 * The REST list's columns, read whole into this connection's table (restColumnsTable.ts), put into the live bundles a
 * batch at a time: each one's record, its barcode and kind, and its search words (the barcode is one). For a snapshot
 * whose full pull's list was cut: a routine pull reads the list alone, not the whole catalogue again for it. The
 * bundles `fresh` (just written whole from their REST show) and those the list left out are left as they are.
 */
export async function writeListedColumns(db: Sqlite, batches: Batches, fresh: ReadonlySet<number>): Promise<void> {
  const ids = db.prepare<[], number>('SELECT id FROM bundles ORDER BY id').pluck().all()
  const listed = restColumnsReader(db)
  const live = db.prepare<[number], LiveBundle>(
    'SELECT b.code, b.name, b.tags, r.record FROM bundles b JOIN bundle_records r ON r.id = b.id WHERE b.id = ?',
  )
  const setRow = db.prepare('UPDATE bundles SET ean13 = ?, category_bundle = ? WHERE id = ?')
  const setRecord = db.prepare('UPDATE bundle_records SET record = ? WHERE id = ?')
  const dropWords = db.prepare('DELETE FROM bundle_fts WHERE rowid = ?')
  const words = db.prepare(insertBundleFtsSql('bundle_fts'))
  await batches.each(ids, BATCH_ROWS.bundles, (part) => {
    const columns = listed(part[0]!, part[part.length - 1]!)
    for (const id of part) {
      const c = columns.get(id)
      const b = c && !fresh.has(id) ? live.get(id) : undefined
      if (!c || !b) continue
      setRecord.run(JSON.stringify(Object.assign(parsedJson(b.record) as object, c)), id)
      setRow.run(c.ean13, c.category_bundle ? 1 : 0, id)
      dropWords.run(id)
      words.run(id, b.code, b.name, c.ean13 ?? '', (parsedJson(b.tags) as string[]).join(' '))
    }
  })
}
