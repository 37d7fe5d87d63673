// What a table file gives the schema (schema.ts): its own file, so the tables and the schema do not import each other.
export interface DomainTable {
  /** A table's or a view's name (a view, like pos_settings, is rebuilt with the tables). */
  name: string
  /** The table and whatever must exist while seeding. */
  ddl: string[]
  /**
   * Indexes built after the seed is in: sorting once is much faster than
   * keeping an index up to date through 100,000s of inserts (large scale).
   */
  indexes?: string[]
}
