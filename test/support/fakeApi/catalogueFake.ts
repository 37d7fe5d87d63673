import type * as bundleColumnsRest from '@core/api/bundleColumnsRest'
import type * as catalogueGraphql from '@core/api/catalogueGraphql'
import type { GraphqlClient } from '@core/api/graphqlClient'
import { AppError } from '@shared/errors'
import type { FakeService } from './fakeService'

type Paged = Parameters<typeof catalogueGraphql.readPages>[1]
type Page<T extends Paged> = ReturnType<typeof catalogueGraphql.readPages<T>>
type AnyRows = Awaited<ReturnType<ReturnType<typeof catalogueGraphql.readPages>['next']>>['value']

/**
 * The reads of a full catalogue pull (sync/cataloguePull.ts), so a real pull fills the real cache from the
 * fake service's Maps: each table in one batch, in id order as the service pages them. The REST bundle
 * list is refused, as on a server without it: the pull then keeps those columns unknown.
 */
export function catalogueFake(
  service: FakeService,
): Pick<typeof catalogueGraphql, 'readPages' | 'readReference'> & Pick<typeof bundleColumnsRest, 'readRestBundleColumns'> {
  const byId = <T extends { id: number }>(rows: Map<number, T>): T[] => [...rows.values()].sort((a, b) => a.id - b.id)
  const tables = {
    items: () => byId(service.items),
    lots: () => byId(service.lots),
    lot_stocks: () => byId(service.stocks),
    // GraphQL shows no tags without the bundleTags extension, which the fake server lacks.
    bundles: () => byId(service.bundles).map((b) => ({ ...b, tags: [] })),
  }
  // One signature per caller's table, as the real generic's; the body answers whichever table it is asked.
  function readPages<T extends Paged>(graphql: GraphqlClient, table: T): Page<T>
  async function* readPages(_graphql: GraphqlClient, table: Paged): AsyncGenerator<AnyRows> {
    yield await service.read<AnyRows>('readPages', tables[table])
  }
  return {
    readReference: () => service.read('readReference', () => service.reference),
    readPages,
    readRestBundleColumns: () => Promise.reject(new AppError('not_found', { detail: 'the fake service lists no REST bundles' })),
  }
}
