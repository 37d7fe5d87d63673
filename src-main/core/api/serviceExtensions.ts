import { AppError } from '../../../src-shared/errors'
import type { GraphqlResult } from '../../../src-shared/domain'

/**
 * GraphQL parts that our sandbox serves and the real service (as its SDK and
 * documentation show it) does not. The client uses each only after asking the
 * server whether it has it, and does without otherwise: Hasura refuses a whole
 * query for one unknown field, so an extension is never mixed blindly into a
 * query the screens need. The sandbox's ADDITIONS.md ("Extensions") says what
 * each screen does without it.
 *
 * Each probe is the smallest query that needs the extension and nothing else.
 */
export const serviceExtensions = {
  /** Tag names on bundles: the catalogue's tag filter. */
  bundleTags: '{ bundles(limit: 1) { id tags } }',
  /** Barcodes on items (the real service shows them on bundles only): scanning an item's EAN-13. */
  itemBarcodes: '{ items(limit: 1) { id ean13 } }',
  /** Row counts: the catalogue pull's progress as a share of the total. */
  rowCounts: '{ items_aggregate { aggregate { count } } }',
  /** The POS setting that limits destinations to the origin's agency category. */
  posSettings: '{ pos_settings(limit: 1) { filter_destinations_by_agency_category } }',
  /** Transfer requests an agency can book from. */
  transferRequests: '{ transfer_requests(limit: 1) { id } }',
} as const satisfies Record<string, string>

export type ServiceExtension = keyof typeof serviceExtensions

export const serviceExtensionNames = Object.keys(serviceExtensions) as ServiceExtension[]

/** Hasura's answer to a field or root it does not have (or the role may not see). */
export function isValidationFailure(result: GraphqlResult): boolean {
  return (result.errors ?? []).some((e) => {
    const code = (e as { extensions?: { code?: unknown } }).extensions?.code
    return code === 'validation-failed' || /not found in type|Cannot query field/i.test(e.message)
  })
}

type Query = (query: string) => Promise<GraphqlResult>

/**
 * What the signed-in server offers, asked once per session and extension.
 * A probe that cannot reach the server throws (the caller is offline and
 * says so); only a real answer is remembered.
 */
export class ServiceExtensions {
  private readonly known = new Map<ServiceExtension, Promise<boolean>>()

  constructor(private readonly query: Query) {}

  has(name: ServiceExtension): Promise<boolean> {
    let answer = this.known.get(name)
    if (!answer) {
      answer = this.probe(name)
      this.known.set(name, answer)
      // Offline or a server error is not an answer: ask again next time.
      answer.catch(() => this.known.delete(name))
    }
    return answer
  }

  /** Every extension, for the compatibility report. */
  async all(): Promise<Record<ServiceExtension, boolean>> {
    const entries = await Promise.all(serviceExtensionNames.map(async (name) => [name, await this.has(name)] as const))
    return Object.fromEntries(entries) as Record<ServiceExtension, boolean>
  }

  private async probe(name: ServiceExtension): Promise<boolean> {
    const result = await this.query(serviceExtensions[name])
    if (!result.errors?.length) return true
    if (isValidationFailure(result)) return false
    throw new AppError('bad_response', { detail: `asking whether the server has ${name}: ${result.errors[0]?.message ?? 'GraphQL error'}` })
  }
}
