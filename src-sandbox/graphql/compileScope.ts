import type { TableDescription } from './tableDescription'
import { AliasGenerator, columnRef, sql, type Fragment } from './sqlFragment'

/** What every compiled statement needs: whose rows it may see and fresh aliases. */
export interface CompileScope {
  entityId: number
  aliases: AliasGenerator
}

export function newScope(entityId: number): CompileScope {
  return { entityId, aliases: new AliasGenerator() }
}

/** Every table read, including those inside EXISTS and sub-selects, is limited to the current entity. */
export function entityCondition(table: TableDescription, alias: string, scope: CompileScope): Fragment {
  return table.entityScoped ? sql(`${columnRef(alias, 'entity_id')} = ?`, scope.entityId) : sql('1')
}
