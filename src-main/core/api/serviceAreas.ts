import type { LocalisedText } from '@shared/errors'

const text = (es: string, en: string): LocalisedText => ({ es, en })

/**
 * What part of the product stops working when the server refuses a GraphQL
 * document, by the document's area (the prefix of its registry name,
 * graphqlDocuments.ts). The service check shows it beside each refusal.
 */
const areas: Record<string, LocalisedText> = {
  catalogue: text('El catálogo sin conexión no se llena ni se actualiza.', 'The offline catalogue is not filled or brought up to date.'),
  counter: text(
    'El mostrador y el despacho no leen las reservas de la agencia.',
    "The counter and dispatch cannot read the agency's bookings.",
  ),
  sync: text(
    'Una reserva cuya respuesta se perdió no se puede confirmar; queda pendiente en lugar de enviarse dos veces.',
    'A booking whose answer was lost cannot be confirmed; it waits instead of being sent twice.',
  ),
  tables: text('Las filas de las tablas dinámicas no se pueden leer.', "Dynamic tables' rows cannot be read."),
  profile: text(
    'No se conoce la agencia del usuario: el mostrador no tiene origen.',
    "The user's agency is unknown: the counter has no origin.",
  ),
  purchasing: text(
    'Compras: las órdenes, recepciones o consolidados no se pueden leer.',
    'Purchasing: orders, receptions or consolidates cannot be read.',
  ),
}

const unknownArea = text('Una parte de la aplicación no puede leer sus datos.', 'Part of the app cannot read its data.')

/**
 * Documents the client does without (it says so and carries on): a refusal
 * lowers detail and does not fail the check. Keyed by name prefix.
 */
const optional: Record<string, LocalisedText> = {
  'catalogue.count.': text(
    'La descarga del catálogo no muestra el total (funciona igual).',
    'The catalogue download shows no total (it works all the same).',
  ),
}

export function documentImpact(name: string): { needed: boolean; whenRefused: LocalisedText } {
  const lesser = Object.entries(optional).find(([prefix]) => name.startsWith(prefix))
  if (lesser) return { needed: false, whenRefused: lesser[1] }
  return { needed: true, whenRefused: areas[name.split('.')[0] ?? ''] ?? unknownArea }
}
