/** A problem with what the client asked for; reported with Hasura's "validation-failed" code. */
export class GraphqlInputError extends Error {
  override readonly name = 'GraphqlInputError'
}
