import { randomBytes } from 'node:crypto'
import { openSqlite, type Sqlite } from '@base/sqlite'
import { sandboxScales } from '../seed/seedParams'
import { seedStore, type SeedParams } from '../seed/seedStore'
import { domainTables, metaTable, schemaVersion } from './schema'
import { registerSqlFunctions } from './sqlFunctions'
import { StatementCache } from './statementCache'

export const defaultSeedParams: Readonly<SeedParams> = Object.freeze({ seed: 1, scale: 'small' })

/**
 * The sandbox's SQLite file: schema, seed, reset and the little bookkeeping
 * that survives a reset (the JWT signing secret, which seed and scale made the
 * data).
 */
export class SandboxStore {
  readonly statements: StatementCache
  private params: SeedParams

  private constructor(
    readonly db: Sqlite,
    params: SeedParams,
  ) {
    this.statements = new StatementCache(db)
    this.params = params
  }

  /**
   * Opens (or creates) the store. An existing store keeps its data unless it
   * was written by another schema version or the caller asks explicitly for a
   * different seed or scale: training data must survive an ordinary restart.
   */
  static open(file: string, requested: Partial<SeedParams> = {}): SandboxStore {
    const db = openSqlite(file)
    try {
      registerSqlFunctions(db)
      db.exec(metaTable)
      const meta = readMeta(db)
      const stored: Partial<SeedParams> = {
        seed: meta.get('seed') === undefined ? undefined : Number(meta.get('seed')),
        scale: sandboxScales.find((s) => s === meta.get('scale')),
      }
      const params: SeedParams = {
        seed: requested.seed ?? stored.seed ?? defaultSeedParams.seed,
        scale: requested.scale ?? stored.scale ?? defaultSeedParams.scale,
      }
      const store = new SandboxStore(db, params)
      const upToDate =
        meta.get('seeded') === '1' &&
        meta.get('schema_version') === String(schemaVersion) &&
        stored.seed === params.seed &&
        stored.scale === params.scale
      if (!upToDate) store.rebuild()
      if (!meta.has('jwt_secret')) setMeta(db, 'jwt_secret', randomBytes(32).toString('hex'))
      return store
    } catch (err) {
      db.close()
      throw err
    }
  }

  get seedParams(): SeedParams {
    return { ...this.params }
  }

  /** The HS256 key for GraphQL JWTs; random per store file, never part of the seed. */
  jwtSecret(): Uint8Array {
    const hex = readMeta(this.db).get('jwt_secret')
    if (!hex) throw new Error('sandbox store has no JWT secret')
    return Buffer.from(hex, 'hex')
  }

  /** Back to the seed the data came from, in one transaction: readers see old or new data, never half. */
  reset(): void {
    this.rebuild()
  }

  close(): void {
    this.statements.clear()
    this.db.close()
  }

  private rebuild(): void {
    this.statements.clear()
    // Dropping and re-creating is much faster than deleting rows, and foreign
    // keys would otherwise make every DROP check its children.
    this.db.pragma('foreign_keys = OFF')
    try {
      this.db.transaction(() => {
        // Views first: they read the tables being dropped.
        const existing = this.db
          .prepare<[], { type: 'view' | 'table'; name: string }>(
            `SELECT type, name FROM sqlite_master WHERE type IN ('view', 'table') AND name NOT LIKE 'sqlite_%' AND name <> 'sandbox_meta'
             ORDER BY type = 'table'`,
          )
          .all()
        for (const { type, name } of existing) this.db.exec(`DROP ${type === 'view' ? 'VIEW' : 'TABLE'} "${name.replaceAll('"', '""')}"`)
        for (const table of domainTables) for (const ddl of table.ddl) this.db.exec(ddl)
        seedStore(this.db, this.params)
        for (const table of domainTables) for (const index of table.indexes ?? []) this.db.exec(index)
        setMeta(this.db, 'seed', String(this.params.seed))
        setMeta(this.db, 'scale', this.params.scale)
        setMeta(this.db, 'schema_version', String(schemaVersion))
        setMeta(this.db, 'seeded', '1')
      })()
    } finally {
      this.db.pragma('foreign_keys = ON')
    }
  }
}

function readMeta(db: Sqlite): Map<string, string> {
  const rows = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM sandbox_meta').all()
  return new Map(rows.map((r) => [r.key, r.value]))
}

function setMeta(db: Sqlite, key: string, value: string): void {
  db.prepare('INSERT INTO sandbox_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}
