import {
  envelope,
  events,
  requests,
  type Bridge,
  type EventName,
  type EventPayload,
  type RequestInput,
  type RequestName,
  type RequestOutput,
} from '@shared/contract'
import { AppError } from '@shared/errors'

/** Requests without input take no argument; the rest require theirs. */
export type RequestArgs<N extends RequestName> = undefined extends RequestInput<N> ? [input?: RequestInput<N>] : [input: RequestInput<N>]

export interface Client {
  request<N extends RequestName>(name: N, ...args: RequestArgs<N>): Promise<RequestOutput<N>>
  onEvent<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void
}

/**
 * The renderer's only door to the main process. Whatever the transport, an
 * answer is checked against the contract before anyone sees it, and every
 * failure arrives as an AppError.
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
      const value = requests[name].output.safeParse(answer.data.value)
      if (!value.success) {
        throw new AppError('bad_response', { detail: `${name}: ${value.error.issues[0]?.message ?? 'unexpected result'}` })
      }
      return value.data as RequestOutput<typeof name>
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
