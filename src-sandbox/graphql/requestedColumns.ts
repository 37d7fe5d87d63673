import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql'
import type { TableDescription } from './tableDescription'

// Sibling rows share their field nodes (graphql-js collects a field's
// sub-fields once per parent selection), so the walk runs once per field.
const cache = new WeakMap<readonly FieldNode[], string[]>()

function walk(table: TableDescription, set: SelectionSetNode | undefined, info: GraphQLResolveInfo, out: Set<string>): void {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value
      if (table.columns.some((c) => c.name === name)) out.add(name)
      const relation = table.relations.find((r) => r.name === name)
      if (relation) out.add(relation.from)
      const list = table.stringLists?.find((l) => l.name === name)
      if (list) out.add(list.from)
    } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(table, selection.selectionSet, info, out)
    else walk(table, info.fragments[selection.name.value]?.selectionSet, info, out)
  }
}

/**
 * The columns of `table` a field's selection needs: the columns it selects
 * and the local keys of the relations and lists it follows. Directives
 * (@skip/@include) are ignored: reading a column too many is harmless.
 */
export function requestedColumns(table: TableDescription, info: GraphQLResolveInfo): string[] {
  let columns = cache.get(info.fieldNodes)
  if (!columns) {
    const out = new Set<string>()
    for (const node of info.fieldNodes) walk(table, node.selectionSet, info, out)
    columns = [...out]
    cache.set(info.fieldNodes, columns)
  }
  return columns
}
