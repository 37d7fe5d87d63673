import type { Sqlite } from '@base/sqlite'
import { LikeMatcher } from './likePattern'

/**
 * SQL functions the GraphQL compiler relies on: `sb_like(value, pattern)` and
 * `sb_ilike(value, pattern)`, PostgreSQL semantics (NULL in, NULL out).
 */
export function registerSqlFunctions(db: Sqlite): void {
  const like = new LikeMatcher(false)
  const ilike = new LikeMatcher(true)
  const wrap = (m: LikeMatcher) => (value: unknown, pattern: unknown) => {
    if (value === null || pattern === null || value === undefined || pattern === undefined) return null
    return m.matches(String(value), String(pattern)) ? 1 : 0
  }
  db.function('sb_like', { deterministic: true }, wrap(like))
  db.function('sb_ilike', { deterministic: true }, wrap(ilike))
}
