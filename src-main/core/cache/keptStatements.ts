/**
 * Statements of one shape (parameters, row) by their SQL, kept: the catalogue's reads run several per keystroke.
 * One Kept a shape, so each statement is typed by its parameters and row without a cast.
 */
export class Kept<S> {
  private readonly bySql = new Map<string, S>()
  constructor(private readonly prepare: (sql: string) => S) {}

  of(sql: string): S {
    let stmt = this.bySql.get(sql)
    if (!stmt) this.bySql.set(sql, (stmt = this.prepare(sql)))
    return stmt
  }
}
