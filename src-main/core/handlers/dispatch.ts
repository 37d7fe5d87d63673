import type { dispatchRequests } from '@shared/contract/dispatch'
import type { AreaHandlers, CoreParts } from './parts'

/** The warehouse's dispatch screen: the counts of the bookings being picked. Assembled in core/createCore.ts. */
export function dispatchHandlers({ dispatchTicks }: CoreParts): AreaHandlers<typeof dispatchRequests> {
  return {
    'dispatch.ticks': async () => dispatchTicks.read(),
    'dispatch.keepTicks': async ({ entityId, localId, ticks }) => dispatchTicks.keep(entityId, localId, ticks),
  }
}
