import { AppError, badInput } from './errors'
import { isRequestName, requests, type RequestName, type RequestOutput, type RequestParsedInput } from './contract'
import type { Envelope } from './contract/transport'

export type Handlers = { [N in RequestName]: (input: RequestParsedInput<N>) => Promise<RequestOutput<N>> }

/**
 * The border every transport calls: checks the name and the payload against the
 * contract, runs the handler, checks what it returns, and never throws — a
 * forged or malformed call becomes an error envelope, not a crash.
 */
export async function dispatch(handlers: Handlers, name: unknown, payload: unknown): Promise<Envelope> {
  try {
    if (!isRequestName(name)) throw new AppError('bad_input', { detail: `unknown request ${String(name).slice(0, 80)}` })
    const spec = requests[name]
    const parsed = spec.input.safeParse(payload)
    if (!parsed.success) throw badInput(parsed.error.issues)
    const handler = handlers[name] as (input: unknown) => Promise<unknown>
    const value = await handler(parsed.data)
    const checked = spec.output.safeParse(value)
    if (!checked.success) {
      throw new AppError('internal', { detail: `result of ${name} broke the contract: ${checked.error.issues[0]?.message}` })
    }
    return { ok: true, value: checked.data }
  } catch (err) {
    return { ok: false, error: AppError.from(err).toPayload() }
  }
}
