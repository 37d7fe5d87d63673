import type { Sqlite } from '@base/sqlite'
import { deleteDocument, readDocument, writeDocument } from './cacheDatabase'

/**
 * The small JSON documents an entity's cache keeps by key (the counter's settings, the open booking,
 * the dispatch counts): the services read and write them here, never through the cache's raw database.
 */
export class CacheDocuments {
  constructor(private readonly db: Sqlite) {}

  /** The kept value as its writer stored it, or null; a text that is not JSON throws (the caller drops it). */
  read<T>(key: string): { value: T; updatedAt: string } | null {
    return readDocument<T>(this.db, key)
  }

  write(key: string, value: unknown, now: Date): void {
    writeDocument(this.db, key, value, now)
  }

  delete(key: string): void {
    deleteDocument(this.db, key)
  }
}
