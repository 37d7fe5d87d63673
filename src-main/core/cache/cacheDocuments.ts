import type { z } from 'zod'
import type { Sqlite } from '@base/sqlite'
import { deleteDocument, readDocument, readDocumentAs, writeDocument } from './cacheDatabase'

/**
 * The small JSON documents an entity's cache keeps by key (the counter's settings, the open booking,
 * the dispatch counts): the services read and write them here, never through the cache's raw database.
 */
export class CacheDocuments {
  constructor(private readonly db: Sqlite) {}

  /** The kept value, for the caller to narrow, or null; a text that is not JSON throws (the caller drops it). */
  read(key: string): { value: unknown; updatedAt: string } | null {
    return readDocument(this.db, key)
  }

  /** The kept value through its schema: one that no longer reads (damaged, another version's shape) is null. */
  readAs<T>(key: string, schema: z.ZodType<T>): T | null {
    return readDocumentAs(this.db, key, schema)
  }

  write(key: string, value: unknown, now: Date): void {
    writeDocument(this.db, key, value, now)
  }

  delete(key: string): void {
    deleteDocument(this.db, key)
  }
}
