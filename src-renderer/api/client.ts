import type { EventName, EventPayload, RequestInput, RequestName, RequestOutput } from '@shared/contract'
import { events } from '@shared/contract/events'
import { envelope, type Bridge } from '@shared/contract/transport'
import { AppError } from '@shared/errors'

/** Requests without input take no argument; the rest require theirs. */
export type RequestArgs<N extends RequestName> = undefined extends RequestInput<N> ? [input?: RequestInput<N>] : [input: RequestInput<N>]

export interface Client {
  request<N extends RequestName>(name: N, ...args: RequestArgs<N>): Promise<RequestOutput<N>>
  onEvent<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void
}

/**
 * The renderer's only door to the main process. Whatever the transport, every
 * failure arrives as an AppError. An answer's value was checked against the
 * contract by the core as it left (src-shared/dispatch.ts), so it is not
 * checked twice and the window never builds the requests' schemas; the events
 * are checked here, once, against their own part of the contract.
 */
export function createClient(bridge: Bridge): Client {
  return {
    async request(name, ...[input]) {
      let raw: unknown
      try {
        raw = await bridge.invoke(name, input)
      } catch (err) {
        throw new AppError('internal', { detail: err instanceof Error ? err.message : String(err), cause: err })
      }
      const answer = envelope.safeParse(raw)
      if (!answer.success) throw new AppError('bad_response', { detail: `${name}: the answer is not an envelope` })
      if (!answer.data.ok) throw AppError.fromPayload(answer.data.error)
      return answer.data.value as RequestOutput<typeof name>
    },

    onEvent(name, listener) {
      return bridge.on(name, (payload) => {
        const parsed = events[name].safeParse(payload)
        // An event that breaks the contract is ignored rather than corrupting a store.
        if (parsed.success) listener(parsed.data as EventPayload<typeof name>)
        else console.warn(`ignored malformed event ${name}`)
      })
    },
  }
}
