/**
 * The cache's schema, one numbered step each. Step N brings `user_version`
 * from N-1 to N. Never edit a step that has shipped; add one.
 */
export const migrations: readonly string[] = [
  // 1: what the partition is, and small documents kept for offline use.
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE documents (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);`,
]
