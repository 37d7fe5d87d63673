import type { adminRequests } from '@shared/contract/admin'
import { fetchDocumentStructure } from '../api/documentStructuresApi'
import type { AreaHandlers, CoreParts } from './parts'

/** Administration and apps. Assembled in core/createCore.ts. */
export function adminHandlers({ session, profile, pieceworkGroups, dynamicTables }: CoreParts): AreaHandlers<typeof adminRequests> {
  return {
    'profile.update': (changes) => profile.update(changes),
    'graphql.tokenValidity': async () => ({ expiresAt: (await session.require().graphql.validity()).expiresAt }),
    'pieceworkGroups.list': () => pieceworkGroups.list(),
    'pieceworkGroups.get': ({ id }) => pieceworkGroups.get(id),
    'pieceworkGroups.create': (input) => pieceworkGroups.create(input),
    'pieceworkGroups.update': ({ id, changes }) => pieceworkGroups.update(id, changes),
    'pieceworkGroups.delete': ({ id }) => pieceworkGroups.delete(id),
    'documentStructures.get': ({ type }) => fetchDocumentStructure(session.require().rest, type),
    'dynamicTables.list': () => dynamicTables.list(),
    'dynamicTables.create': (input) => dynamicTables.create(input),
    'dynamicTables.rename': ({ id, name }) => dynamicTables.rename(id, name),
    'dynamicTables.delete': ({ id }) => dynamicTables.delete(id),
    'dynamicTables.rows': ({ id }) => dynamicTables.rows(id),
    'dynamicTables.addRow': ({ tableId, data }) => dynamicTables.addRow(tableId, data),
    'dynamicTables.updateRow': ({ tableId, rowId, data }) => dynamicTables.updateRow(tableId, rowId, data),
    'dynamicTables.deleteRow': ({ tableId, rowId }) => dynamicTables.deleteRow(tableId, rowId),
    'graphql.query': ({ query, variables }) => session.require().graphql.query(query, variables),
  }
}
