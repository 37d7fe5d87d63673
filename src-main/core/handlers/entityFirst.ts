import type { Handlers } from '@shared/dispatch'

/**
 * The handlers of areas that read the current entity's cache, each made to wait until the entity is known
 * (`EntityCaches.known`): after a training reset the screens ask for their lists at once, before the
 * shell has read the profile again, and a list must not fail as if the line were down.
 */
export function entityFirst<H extends Partial<Handlers>>(handlers: H, known: () => Promise<void>): H {
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {}
  for (const [name, handler] of Object.entries(handlers) as [string, (input: never) => Promise<unknown>][]) {
    wrapped[name] = async (input) => {
      await known()
      return handler(input)
    }
  }
  return wrapped as H
}
