/** Who asks: the service's address and a user's email and token (a training service, or a sandbox's user). */
export interface ServiceUser {
  url: string
  email: string
  token: string
}

/**
 * A GraphQL query asked of the service beside the app, as that user (the service's own view: what another computer
 * would read, or what no screen shows). Throws when the service refuses it.
 */
export async function serviceGraphql<T>(service: ServiceUser, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const tokenAnswer = await fetch(`${service.url}/apps/graphql.json`, {
    headers: { 'X-User-Email': service.email, 'X-User-Token': service.token },
  })
  const { token, graphqlUrl } = (await tokenAnswer.json()) as { token: string; graphqlUrl: string }
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await res.json()) as { data?: T; errors?: unknown }
  if (!body.data) throw new Error(`GraphQL beside the app: ${JSON.stringify(body.errors)}`)
  return body.data
}
