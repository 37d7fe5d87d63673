import type { DispatchMessages } from '../es/dispatch'

/** Dispatch, sync centre and printed slips (English). */
const dispatch: DispatchMessages = {
  dispatch: {},
  syncCentre: {},
  slip: {},
}

export default dispatch
