import type { EventName, EventPayload, RequestInput, RequestName, RequestOutput } from '@shared/contract'
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
 * failure arrives as an AppError. The values themselves were checked against
 * the contract by the core as they left it (dispatch.ts, core/events.ts); the
 * window does not check them twice, and so never builds the contract's schemas.
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
      return bridge.on(name, (payload) => listener(payload as EventPayload<typeof name>))
    },
  }
}
