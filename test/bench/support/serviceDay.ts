import { join } from 'node:path'
import { openSqlite } from '@base/sqlite'
import { storeFileName } from '@sandbox'

/**
 * Another user's day on the service, written straight into the sandbox's file (it has no bulk route): 1 % of the
 * entity's bundles renamed (their `updated_at` now) and 5 % of its stock rows moved by one. Returns the bundles' ids.
 */
export function changeServiceDay(sandboxDir: string, entity: number): number[] {
  const service = openSqlite(join(sandboxDir, storeFileName))
  try {
    const bundles = service.prepare<[number], number>('SELECT id FROM bundles WHERE id % 100 = 0 AND entity_id = ?').pluck().all(entity)
    service.transaction(() => {
      service
        .prepare(
          `UPDATE bundles SET name = name || ' *', updated_at = strftime('%Y-%m-%d %H:%M:%f000', 'now') WHERE id % 100 = 0 AND entity_id = ?`,
        )
        .run(entity)
      service.prepare('UPDATE lot_stocks SET available = available + 1 WHERE id % 20 = 0 AND entity_id = ?').run(entity)
    })()
    return bundles
  } finally {
    service.close()
  }
}

/** The entity a bundle of the sandbox belongs to. */
export function entityOfBundle(sandboxDir: string, bundleId: number): number {
  const service = openSqlite(join(sandboxDir, storeFileName), { readonly: true })
  try {
    return service.prepare<[number], number>('SELECT entity_id FROM bundles WHERE id = ?').pluck().get(bundleId)!
  } finally {
    service.close()
  }
}
