/**
 * What the GraphQL layer knows about a table. The schema, the where/order_by
 * compiler and the relation loader are all derived from these descriptions,
 * and only names found here ever reach SQL text.
 */
export type ColumnType = 'Int' | 'bigint' | 'numeric' | 'Float' | 'String' | 'Boolean' | 'date' | 'timestamp' | 'jsonb'

export interface ColumnDescription {
  name: string
  type: ColumnType
  nullable: boolean
}

export interface RelationDescription {
  name: string
  /** object: at most one remote row; array: any number. */
  kind: 'object' | 'array'
  table: string
  /** Local column … */
  from: string
  /** … equal to this remote column. */
  to: string
}

/**
 * A field holding a list of strings gathered from other tables (a bundle's
 * tag names). Like a Hasura computed field it can be selected, not filtered
 * or ordered by.
 */
export interface StringListDescription {
  name: string
  /** Local column whose value is the key … */
  from: string
  /**
   * … and the SQL giving `(key, value)` rows, in the wanted order, for the
   * keys in the JSON array bound to its single `?` (`IN (SELECT value FROM
   * json_each(?))`). Fixed text of the description, never built from input.
   */
  sql: string
}

export interface TableDescription {
  name: string
  primaryKey: string
  columns: readonly ColumnDescription[]
  relations: readonly RelationDescription[]
  stringLists?: readonly StringListDescription[]
  /** Rows carry entity_id and are visible only to users whose current entity it is. */
  entityScoped: boolean
}

export class TableRegistry {
  private readonly tables = new Map<string, TableDescription>()

  constructor(descriptions: readonly TableDescription[]) {
    for (const t of descriptions) {
      if (this.tables.has(t.name)) throw new Error(`table ${t.name} is described twice`)
      this.tables.set(t.name, t)
    }
    for (const t of descriptions) this.check(t)
  }

  all(): TableDescription[] {
    return [...this.tables.values()]
  }

  table(name: string): TableDescription {
    const t = this.tables.get(name)
    if (!t) throw new Error(`unknown table ${name}`)
    return t
  }

  column(table: TableDescription, name: string): ColumnDescription | undefined {
    return table.columns.find((c) => c.name === name)
  }

  relation(table: TableDescription, name: string): RelationDescription | undefined {
    return table.relations.find((r) => r.name === name)
  }

  /** A description mistake should fail at start-up, not on the first query that touches it. */
  private check(t: TableDescription): void {
    const names = new Set<string>()
    const ident = /^[a-z_][a-z0-9_]*$/
    for (const c of t.columns) {
      if (!ident.test(c.name)) throw new Error(`${t.name}.${c.name}: not a plain identifier`)
      if (names.has(c.name)) throw new Error(`${t.name}.${c.name} is described twice`)
      names.add(c.name)
    }
    if (!names.has(t.primaryKey)) throw new Error(`${t.name}: primary key ${t.primaryKey} is not a column`)
    if (t.entityScoped && !names.has('entity_id')) throw new Error(`${t.name}: entity-scoped without entity_id`)
    for (const r of t.relations) {
      if (!ident.test(r.name)) throw new Error(`${t.name}.${r.name}: not a plain identifier`)
      if (names.has(r.name)) throw new Error(`${t.name}.${r.name} clashes with a column or relation`)
      names.add(r.name)
      if (!this.column(t, r.from)) throw new Error(`${t.name}.${r.name}: local column ${r.from} is not described`)
      const remote = this.tables.get(r.table)
      if (!remote) throw new Error(`${t.name}.${r.name}: unknown table ${r.table}`)
      if (!this.column(remote, r.to)) throw new Error(`${t.name}.${r.name}: remote column ${r.table}.${r.to} is not described`)
    }
    for (const l of t.stringLists ?? []) {
      if (!ident.test(l.name)) throw new Error(`${t.name}.${l.name}: not a plain identifier`)
      if (names.has(l.name)) throw new Error(`${t.name}.${l.name} clashes with a column or relation`)
      names.add(l.name)
      if (!this.column(t, l.from)) throw new Error(`${t.name}.${l.name}: local column ${l.from} is not described`)
      if (l.sql.split('?').length !== 2) throw new Error(`${t.name}.${l.name}: the SQL must have exactly one parameter, the keys`)
    }
  }
}
