import { AppError } from '@shared/errors'
import type { GraphqlResult } from '@shared/domain'

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

const text = (es: string, en: string) => ({ es, en })

/**
 * What each extension is for and what the client does without it, in the
 * user's words (the service check shows these; ADDITIONS.md says the same).
 * Keep one entry per probe above.
 */
export const serviceExtensionEffects = {
  bundleTags: {
    usedFor: text('Filtro por etiquetas del catálogo', "The catalogue's tag filter"),
    withoutIt: text(
      'El catálogo oculta el filtro por etiquetas e indica que este servidor no ofrece etiquetas.',
      'The catalogue hides the tag filter and says tags are not available on this server.',
    ),
  },
  itemBarcodes: {
    usedFor: text('Buscar un producto por su propio código de barras', 'Finding an item by its own barcode'),
    withoutIt: text(
      'Un producto se encuentra por su código y por el EAN-13 de sus paquetes, no por un código de barras propio.',
      "An item is found by its code and by its bundles' EAN-13, not by a barcode of its own.",
    ),
  },
  rowCounts: {
    usedFor: text('El avance de la descarga del catálogo como porcentaje', "The catalogue download's progress as a share"),
    withoutIt: text(
      'La descarga del catálogo muestra cuántos registros llegaron, sin total ni porcentaje.',
      'The catalogue download shows how many rows came in, without a total or a percentage.',
    ),
  },
  posSettings: {
    usedFor: text('Limitar los destinos a la categoría de agencia del origen', "Limiting destinations to the origin's agency category"),
    withoutIt: text(
      'El mostrador ofrece todos los destinos e indica que no se sabe si este servidor filtra por categoría de agencia.',
      'The counter offers every destination and says destination filtering by agency category is not known for this server.',
    ),
  },
  transferRequests: {
    usedFor: text('Reservar a partir de una solicitud de traslado', 'Booking from a transfer request'),
    withoutIt: text(
      'El mostrador oculta "crear desde una solicitud de traslado" e indica que este servidor no las ofrece.',
      'The counter hides "create from a transfer request" and says this server does not offer them.',
    ),
  },
} as const satisfies Record<ServiceExtension, { usedFor: { es: string; en: string }; withoutIt: { es: string; en: string } }>

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

  /**
   * Whether to use an extension now. A probe that failed for another reason
   * than "not found" (a timeout, a 5xx) leaves it unknown: not used this time
   * and asked again next time, so a read that only adds detail never stops
   * the pull or the refresh it serves.
   */
  usable(name: ServiceExtension): Promise<boolean> {
    return this.has(name).catch(() => false)
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
