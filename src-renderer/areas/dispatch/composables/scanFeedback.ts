import type { SetCountResult, TickResult } from '../dispatchScan'
import type { DispatchScreen } from './dispatchScreen'

/** What the last scan did, beside the box where the eyes are (toasts piled up at scanner speed). */
export interface ScanFeedback {
  type: 'info' | 'success' | 'warning' | 'error'
  text: string
}

type Words = Pick<DispatchScreen, 't' | 'quantity'>

/** The word for an item scanned for the open booking: counted, already complete, more than is left, or not on it. */
export function tickFeedback(outcome: TickResult, scanned: { code: string; count: string; number: string }, w: Words): ScanFeedback {
  const { t, quantity } = w
  if (outcome.kind === 'notOnBooking')
    return { type: 'error', text: t('dispatch.scan.notOnBooking', { code: scanned.code, number: scanned.number }) }
  const code = outcome.line.itemCode ?? scanned.code
  const booked = quantity(outcome.line.quantity)
  if (outcome.kind === 'ticked')
    return { type: 'success', text: t('dispatch.scan.ticked', { code, count: quantity(outcome.count), quantity: booked }) }
  if (outcome.kind === 'full') return { type: 'warning', text: t('dispatch.scan.full', { code, quantity: booked }) }
  return { type: 'warning', text: t('dispatch.scan.over', { code, count: quantity(scanned.count), left: quantity(outcome.left) }) }
}

/** The word for a count typed on a line (a weighed line, a box counted by hand). */
export function countFeedback(result: SetCountResult, typed: string, w: Words): ScanFeedback {
  const { t, quantity } = w
  const code = result.line.itemCode ?? `#${result.line.itemId}`
  if (result.kind === 'set')
    return {
      type: 'success',
      text: t('dispatch.scan.ticked', { code, count: quantity(result.count), quantity: quantity(result.line.quantity) }),
    }
  if (result.kind === 'over')
    return { type: 'error', text: t('dispatch.scan.countOver', { code, quantity: quantity(result.line.quantity) }) }
  return { type: 'error', text: t('dispatch.scan.countInvalid', { code, typed: typed.trim() }) }
}
