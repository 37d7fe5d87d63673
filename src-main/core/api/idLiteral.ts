import { AppError } from '@shared/errors'

/**
 * An id written into a GraphQL document as an integer literal, as the SDK's
 * queries now do. Used for the columns whose type the SDK's own queries have
 * declared as `Int` where the rest of the schema is `bigint`
 * (docs/real-service-notes.md, section 0): a literal is accepted in either
 * position, a variable of the wrong one refuses the whole query. Only a whole,
 * non-negative, exactly representable number is written, so nothing else can
 * reach the document's text.
 */
export function idLiteral(id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new AppError('bad_input', { detail: `not a record id: ${String(id)}` })
  return String(id)
}
