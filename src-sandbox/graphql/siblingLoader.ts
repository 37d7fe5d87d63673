import type { Row } from './queryRunner'
import type { SqlValue } from './sqlFragment'

interface SiblingGroup {
  rows: readonly Row[]
  /** Per relation (and its arguments): the related rows of every sibling, by key. */
  loaded: Map<string, Map<SqlValue, unknown>>
}

/**
 * Loads a relation for all rows fetched together the first time any one of
 * them asks, so each relation costs one query per level rather than one per
 * row. Because the answer is ready at once, resolvers stay synchronous and a
 * whole GraphQL request runs in one go against the database: it sees one
 * consistent state, with no other request's write in between, and graphql-js
 * is spared a promise per row.
 */
export class SiblingLoader {
  // A symbol-keyed property rather than a WeakMap: tens of thousands of rows
  // per request made the WeakMap the slowest part; JSON and GraphQL never see it.
  private readonly group = Symbol('siblings')

  /** Marks rows as fetched together; returns them. */
  track<R extends Row>(rows: R[]): R[] {
    const group: SiblingGroup = { rows, loaded: new Map() }
    for (const row of rows) (row as Record<symbol, SiblingGroup>)[this.group] = group
    return rows
  }

  private groupOf(row: Row): SiblingGroup {
    const tagged = row as Record<symbol, SiblingGroup | undefined>
    if (!tagged[this.group]) this.track([row])
    return tagged[this.group]!
  }

  load<T>(row: Row, relationKey: string, keyColumn: string, missing: T, run: (keys: SqlValue[]) => Map<SqlValue, T>): T {
    const key = row[keyColumn] as SqlValue | undefined
    if (key === null || key === undefined) return missing
    const group = this.groupOf(row)
    let loaded = group.loaded.get(relationKey) as Map<SqlValue, T> | undefined
    if (!loaded) {
      const keys = new Set<SqlValue>()
      for (const sibling of group.rows) {
        const k = sibling[keyColumn] as SqlValue | undefined
        if (k !== null && k !== undefined) keys.add(k)
      }
      loaded = run([...keys])
      group.loaded.set(relationKey, loaded)
    }
    return loaded.has(key) ? (loaded.get(key) as T) : missing
  }
}
