import { vi } from 'vitest'

/**
 * The renderer's API client stood in for its unit tests: `vi.mock('@renderer/api', () => import(<this file>))`, and the
 * test imports from here what it answers and announces (the unit-isolated project gives each file its own copy).
 */

/** Every request, as `request`'s own implementation records it (a test's `mockImplementation` replaces it). */
export const sent: { name: string; input: unknown }[] = []
/** A request's answer by its name; a request no answer is set for is refused, so that a stray one is loud. */
export const answers = new Map<string, (input: unknown) => unknown>()

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test answers with its own requests' shapes */
export const request = vi.fn<(...args: any[]) => any>(async (name: string, input?: unknown) => {
  sent.push({ name, input })
  const answer = answers.get(name)
  if (!answer) throw new Error(`unexpected request ${name}`)
  return answer(input)
})

const listeners = new Map<string, Set<(payload: unknown) => void>>()

export function onEvent(name: string, listener: (payload: unknown) => void): () => void {
  if (!listeners.has(name)) listeners.set(name, new Set())
  listeners.get(name)!.add(listener)
  return () => listeners.get(name)!.delete(listener)
}

/** The core announces `name` to every listener; an event nothing listens for is the test's own mistake. */
export function announce(name: string, payload: unknown = {}): void {
  const heard = listeners.get(name)
  if (!heard?.size) throw new Error(`nothing listens for ${name}`)
  for (const listener of heard) listener(payload)
}

/** Before each test: `request` as it started, no answers, nothing sent, nothing listening. */
export function resetApiStandIn(): void {
  request.mockReset()
  sent.length = 0
  answers.clear()
  listeners.clear()
}
