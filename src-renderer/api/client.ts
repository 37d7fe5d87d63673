import type { EventName, EventPayload, RequestInput, RequestName, RequestOutput } from '@shared/contract'
import type { events } from '@shared/contract/events'
import type { Bridge } from '@shared/contract/transport'
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
  const checked = checkedInOrder()
  return {
    async request(name, ...[input]) {
      let raw: unknown
      try {
        raw = await bridge.invoke(name, input)
      } catch (err) {
        throw new AppError('internal', { detail: err instanceof Error ? err.message : String(err), cause: err })
      }
      const notEnvelope = () => new AppError('bad_response', { detail: `${name}: the answer is not an envelope` })
      if (raw === null || typeof raw !== 'object') throw notEnvelope()
      const answer = raw as Record<string, unknown>
      if (answer.ok === true && 'value' in answer) return answer.value as RequestOutput<typeof name>
      if (answer.ok !== false) throw notEnvelope()
      // A refusal is checked against its schema, which loads at the first one: a window that is only answered never loads zod.
      const error = (await import('@shared/errorSchemas')).errorPayload.safeParse(answer.error)
      if (!error.success) throw notEnvelope()
      throw AppError.fromPayload(error.data)
    },

    onEvent(name, listener) {
      let listening = true
      const stop = bridge.on(name, (payload) =>
        checked((schemas) => {
          // Stopped while the event waited for its schemas: the listener is gone.
          if (!listening) return
          const parsed = schemas[name].safeParse(payload)
          // An event that breaks the contract is ignored rather than corrupting a store.
          if (parsed.success) listener(parsed.data as EventPayload<typeof name>)
          else console.warn(`ignored malformed event ${name}`)
        }),
      )
      return () => {
        listening = false
        stop()
      }
    },
  }
}

/**
 * The events' schemas, and the domain's schemas they are made of, load at the first event, not with the
 * window: building them is a few ms of zod on a cold start (test/bench/shell/coldLoad.bench.ts). Events that arrive meanwhile wait, and are handed on in the order
 * they came; from then on each is handed on at once.
 */
function checkedInOrder(): (deliver: (schemas: typeof events) => void) => void {
  let schemas: typeof events | null = null
  let waiting: ((schemas: typeof events) => void)[] | null = null
  return (deliver) => {
    if (schemas) return deliver(schemas)
    if (waiting) return void waiting.push(deliver)
    waiting = [deliver]
    import('@shared/contract/events').then(
      (module) => {
        schemas = module.events
        const queued = waiting!
        waiting = null
        for (const next of queued) {
          try {
            next(schemas)
          } catch (err) {
            // One listener's failure neither stops the others nor hides: it surfaces as an uncaught error would.
            setTimeout(() => {
              throw err
            })
          }
        }
      },
      (err: unknown) => {
        // Nothing to check them with: they are dropped, as a malformed event is, and the next event tries again.
        console.error("could not load the events' schemas", err)
        waiting = null
      },
    )
  }
}
