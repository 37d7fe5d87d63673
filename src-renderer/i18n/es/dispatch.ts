/** Dispatch, sync centre and printed slips (Spanish). */
const dispatch = {
  dispatch: {},
  syncCentre: {},
  slip: {},
}

export type DispatchMessages = typeof dispatch
export default dispatch
