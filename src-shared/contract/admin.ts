import { z } from 'zod'
import { graphqlResult, whoAmI } from '../domain'
import { serviceText } from '../patternSchemas'
import {
  documentStructure,
  documentType,
  dynamicTable,
  graphqlTokenValidity,
  newDynamicTable,
  pieceworkTypeGroup,
  pieceworkTypeGroupInput,
  profileChanges,
  rowData,
  tableRow,
} from '../administration'
import { none, entry } from './entry'
import { recordId } from '../patternSchemas'

/** Administration and apps: profile, GraphQL console, piecework groups, document structures, dynamic tables. Assembled in src-shared/contract.ts. */
export const adminRequests = {
  /** Administration and apps: straight to the service, nothing cached. */
  'profile.update': entry(profileChanges, whoAmI),
  /** When the GraphQL token the main process holds expires (renewed first if due); never the token. */
  'graphql.tokenValidity': entry(none, graphqlTokenValidity),
  'pieceworkGroups.list': entry(none, z.array(pieceworkTypeGroup)),
  'pieceworkGroups.get': entry(z.object({ id: recordId }), pieceworkTypeGroup),
  'pieceworkGroups.create': entry(pieceworkTypeGroupInput, pieceworkTypeGroup),
  'pieceworkGroups.update': entry(z.object({ id: recordId, changes: pieceworkTypeGroupInput.partial() }), pieceworkTypeGroup),
  'pieceworkGroups.delete': entry(z.object({ id: recordId }), z.object({ deleted: z.literal(true) })),
  'documentStructures.get': entry(z.object({ type: documentType }), documentStructure),
  'dynamicTables.list': entry(none, z.array(dynamicTable)),
  'dynamicTables.create': entry(newDynamicTable, dynamicTable),
  'dynamicTables.rename': entry(z.object({ id: recordId, name: serviceText(z.string().trim().min(1), 100) }), dynamicTable),
  'dynamicTables.delete': entry(z.object({ id: recordId }), z.object({ deleted: z.literal(true) })),
  'dynamicTables.rows': entry(z.object({ id: recordId }), z.object({ table: dynamicTable, rows: z.array(tableRow) })),
  'dynamicTables.addRow': entry(z.object({ tableId: recordId, data: rowData }), tableRow),
  'dynamicTables.updateRow': entry(z.object({ tableId: recordId, rowId: recordId, data: rowData }), tableRow),
  'dynamicTables.deleteRow': entry(z.object({ tableId: recordId, rowId: recordId }), z.object({ deleted: z.literal(true) })),

  'graphql.query': entry(
    z.object({ query: z.string().min(1).max(100_000), variables: z.record(z.string(), z.unknown()).optional() }),
    graphqlResult,
  ),
} as const
