import { z } from 'zod'
import { events } from './contract/events'
import { sessionRequests } from './contract/session'
import { catalogueRequests } from './contract/catalogue'
import { counterRequests } from './contract/counter'
import { purchasingRequests } from './contract/purchasing'
import { adminRequests } from './contract/admin'
import { supportRequests } from './contract/support'
import { dispatchRequests } from './contract/dispatch'

/**
 * The one list of what the renderer may ask of the main process and what it may
 * hear back. The preload bridge, the IPC router, the browser host, the core's
 * check of every request (dispatch.ts) and the renderer's client are derived
 * from these two objects; a name is never typed anywhere else. No entry
 * returns a secret.
 */

/** Every request, assembled from each area's part (src-shared/contract/*.ts). */
export const requests = {
  ...sessionRequests,
  ...catalogueRequests,
  ...counterRequests,
  ...dispatchRequests,
  ...purchasingRequests,
  ...adminRequests,
  ...supportRequests,
} as const

/** Every event (src-shared/contract/events.ts). */
export { events }

export type Requests = typeof requests
export type RequestName = keyof Requests
export type RequestInput<N extends RequestName> = z.input<Requests[N]['input']>
export type RequestParsedInput<N extends RequestName> = z.output<Requests[N]['input']>
export type RequestOutput<N extends RequestName> = z.output<Requests[N]['output']>

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<N extends EventName> = z.output<Events[N]>

export const requestNames = Object.keys(requests) as RequestName[]
export const eventNames = Object.keys(events) as EventName[]

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(requests, name)
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name)
}
