import type { DemoUser, RunningSandbox } from '@sandbox'

/** Small fetch wrappers that speak to a running sandbox the way the client does. */
export interface JsonResponse<T = unknown> {
  status: number
  contentType: string | null
  body: T
}

async function readJson<T>(res: Response): Promise<JsonResponse<T>> {
  const text = await res.text()
  return { status: res.status, contentType: res.headers.get('content-type'), body: (text === '' ? undefined : JSON.parse(text)) as T }
}

export function userHeaders(user: Pick<DemoUser, 'email' | 'token'>): Record<string, string> {
  return {
    'X-User-Email': user.email,
    'X-User-Token': user.token,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  }
}

/** Anything with the service's address: a running sandbox or a training service. */
export type ServiceAddress = Pick<RunningSandbox, 'url'>

export async function rest<T = unknown>(
  sandbox: ServiceAddress,
  user: Pick<DemoUser, 'email' | 'token'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonResponse<T>> {
  // A FormData goes as multipart, with the boundary fetch writes in its own Content-Type.
  const form = body instanceof FormData
  const { 'Content-Type': json, ...headers } = userHeaders(user)
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: form ? headers : { ...headers, 'Content-Type': json! },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  })
  return readJson<T>(res)
}

export async function graphqlToken(sandbox: ServiceAddress, user: DemoUser): Promise<string> {
  const res = await rest<{ token: string }>(sandbox, user, 'GET', '/apps/graphql.json')
  if (res.status !== 200) throw new Error(`token request failed: ${res.status}`)
  return res.body.token
}

export interface GraphqlBody<D> {
  data?: D
  errors?: { message: string; extensions?: { code?: string; path?: string } }[]
}

export async function gql<D = Record<string, unknown>>(
  sandbox: RunningSandbox,
  jwt: string | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<JsonResponse<GraphqlBody<D>>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (jwt !== null) headers.Authorization = `Bearer ${jwt}`
  const res = await fetch(sandbox.graphqlUrl, { method: 'POST', headers, body: JSON.stringify({ query, variables }) })
  return readJson(res)
}

/** GraphQL data, failing the test with the service's own errors when there are any. */
export async function gqlData<D = Record<string, unknown>>(
  sandbox: RunningSandbox,
  jwt: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<D> {
  const res = await gql<D>(sandbox, jwt, query, variables)
  if (res.status !== 200 || res.body.errors || !res.body.data)
    throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(res.body)}`)
  return res.body.data
}

export async function control<T = unknown>(
  sandbox: ServiceAddress,
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonResponse<T>> {
  const res = await fetch(`${sandbox.url}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return readJson<T>(res)
}

export const DAY_MS = 24 * 60 * 60 * 1000
