import type { AppError } from '@shared/errors'
import type { BookingFields } from './bookingFields'
import { useDeliveryCatchUp } from './useDeliveryCatchUp'
import { useLineChanges } from './useLineChanges'
import { useLineKeys } from './useLineKeys'
import { useLinePicks } from './useLinePicks'
import { useLineTrail } from './useLineTrail'
import { useTransferRequestFill } from './useTransferRequestFill'
import type { NewBookingScreen } from './newBookingScreen'

/**
 * New booking's lines as the clerk scans, picks, changes, removes and takes back (Ctrl+Z) them, with what
 * each did said under the scan box. `today` is the day the default lot is chosen by (the setup's).
 */
export function useBookingLinesEditor(
  fields: BookingFields,
  screen: NewBookingScreen,
  today: () => string | null,
  /** A read failed: the form says so where its problems go. */
  failed: (error: AppError) => void,
) {
  const trail = useLineTrail(fields, screen)
  const delivery = useDeliveryCatchUp(fields, screen)
  const changes = useLineChanges(fields, screen, trail)
  /** The keys that choose a line and change its quantity from the scan box (useLineKeys.ts). */
  const keys = useLineKeys(fields, trail.selected, screen, (line) => changes.changeLine(line))
  const picks = useLinePicks(fields, screen, trail, {
    today,
    failed,
    stopBrowsing: () => keys.stopBrowsing(),
  })
  const { fromTransferRequest } = useTransferRequestFill(fields, screen, today, delivery.catchUpDelivery)

  /** The form was saved, emptied or swapped for another company's: nothing to say or take back of the one before. */
  function forget(): void {
    keys.stopBrowsing()
    trail.notice.value = null
    delivery.deliveryMoved.value = null
    trail.undoSteps.length = 0
  }

  return {
    selected: trail.selected,
    notice: trail.notice,
    shownNotice: trail.shownNotice,
    dynamic: picks.dynamic,
    deliveryMoved: delivery.deliveryMoved,
    catchUpDelivery: delivery.catchUpDelivery,
    canUndo: () => trail.undoSteps.length > 0,
    pick: picks.pick,
    pickDynamic: picks.pickDynamic,
    closeDynamic: picks.closeDynamic,
    fromTransferRequest,
    changeLine: changes.changeLine,
    removeLine: changes.removeLine,
    removeFromScanBox: changes.removeFromScanBox,
    undo: changes.undo,
    forget,
    ...keys,
  }
}
