import { AppError } from '@shared/errors'

/**
 * Where the user's token and the GraphQL JWT may travel. Both are sent in every request, so an address
 * in plain http on another computer hands them to anyone on the way: the service address must be https
 * unless it is this computer (training mode's sandbox, a service run for a test), or a lab has asked for
 * http on purpose (`--insecure-http`, the sign-in's "allow unencrypted http").
 */

/** This computer only: `localhost`, 127.0.0.0/8 and ::1 (a name that merely resolves there is not trusted). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** True when the address sends the token in clear to another computer: allowed only by the lab opt-in. */
export function isInsecureRemote(serverUrl: string): boolean {
  const url = new URL(serverUrl)
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname)
}

/** Refuses a service address the token may not be sent to; `insecureHttp` is the lab's explicit opt-in. */
export function checkServerAddress(serverUrl: string, insecureHttp: boolean): void {
  const url = new URL(serverUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('insecure_server', { field: 'serverUrl', detail: `${url.protocol} is not a service address` })
  }
  if (isInsecureRemote(serverUrl) && !insecureHttp) {
    throw new AppError('insecure_server', { field: 'serverUrl', detail: `${url.origin} is plain http to another computer` })
  }
}

/**
 * The GraphQL address the service names in its token answer gets the JWT: only over https, or in plain
 * http on the very host of a service that is itself plain http (this computer, or the lab's opt-in). A
 * downgrade from an https service, or plain http to any other host, is refused before the JWT leaves.
 */
export function checkGraphqlAddress(graphqlUrl: string, serverUrl: string): void {
  const graphql = new URL(graphqlUrl)
  const server = new URL(serverUrl)
  if (graphql.protocol === 'https:') return
  if (graphql.protocol === 'http:' && server.protocol === 'http:' && graphql.hostname === server.hostname) return
  throw new AppError('insecure_graphql', {
    detail: `the service named ${graphql.origin} for GraphQL: neither https nor the service's own host (${server.hostname})`,
  })
}
