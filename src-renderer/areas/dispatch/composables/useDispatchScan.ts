import { computed, ref, type Ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { readScanCount } from '@shared/scanCount'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import { useDispatchTicksStore } from '../stores/dispatchTicks'
import { groupCardLines } from '../cardLines'
import { canDeliver, canShip, tabOf, type DispatchTab } from '../dispatchLists'
import { bookingByNumber, itemByCode, setLineCount, tickItem, tickProgress } from '../dispatchScan'
import { countFeedback, tickFeedback, type ScanFeedback } from './scanFeedback'
import type { DispatchScreen } from './dispatchScreen'

/** What the scan box needs of the lists: the user's agency, the tab shown, and every booking on a tab. */
export interface ScanLists {
  agencyId: Ref<number | null>
  tab: Ref<DispatchTab>
  all: () => LocalBooking[]
  clearFilters: () => void
}

/**
 * Scan-to-ship: a slip's barcode opens its booking; items scanned then count on its lines (optional
 * verification, as Odoo's barcode app counts a picking), one, or five for `5*CODE`.
 */
export function useDispatchScan(screen: DispatchScreen, lists: ScanLists) {
  const store = useBookingsStore()
  const tickStore = useDispatchTicksStore()
  const reads = useCounterReads()
  const { t } = screen
  const scanText = ref('')
  const activeId = ref<string | null>(null)
  const feedback = ref<ScanFeedback | null>(null)
  const ticks = computed(() => tickStore.ticks)
  const active = computed(() => (activeId.value ? (store.byLocalId.get(activeId.value) ?? null) : null))
  const activeLines = computed(() => (active.value ? groupCardLines(active.value.lines) : []))
  const activeProgress = computed(() => (active.value ? tickProgress(activeLines.value, ticks.value[active.value.localId] ?? {}) : null))

  function openBooking(b: LocalBooking): void {
    const own = lists.agencyId.value
    const at = own === null ? null : tabOf(b, own, screen.now.value)
    if (at && at !== lists.tab.value) lists.tab.value = at
    lists.clearFilters()
    activeId.value = b.localId
    const number = store.bookingNumber(b)
    if (own !== null && canShip(b, own)) feedback.value = { type: 'info', text: t('dispatch.scan.opened', { number }) }
    else if (own !== null && canDeliver(b, own)) feedback.value = { type: 'info', text: t('dispatch.scan.openedToDeliver', { number }) }
    else feedback.value = { type: 'warning', text: t('dispatch.scan.openedNotToShip', { number }) }
    screen.reveal(b.localId)
  }

  /** A code scanned (not empty): a booking's slip opens it; anything else counts an item of the open booking. */
  async function scanned(code: string): Promise<void> {
    const found = bookingByNumber(lists.all(), code, (b) => store.bookingCode(b))
    if (found) return openBooking(found)
    const current = active.value
    if (!current) return refuse({ type: 'error', text: t('dispatch.scan.noBooking', { code }) })
    const { code: itemCode, count } = readScanCount(code)
    let itemId = itemByCode(activeLines.value, itemCode)
    if (itemId === null) {
      // A barcode that is not the item's code: the catalogue on this computer knows which item it is.
      // Unanswered (the cache file damaged, say), the code is not checked: not "off the booking".
      const result = await reads.scan(itemCode, 'item').catch(() => null)
      if (!result) return refuse({ type: 'error', text: t('dispatch.scan.notChecked', { code: itemCode }) })
      if (result.kind === 'unknown' && result.noCatalogueYet)
        return refuse({ type: 'error', text: t('dispatch.scan.noCatalogueYet', { code: itemCode }) })
      if (result.kind === 'item') itemId = result.item.item.id
    }
    const outcome =
      itemId === null ? ({ kind: 'notOnBooking' } as const) : tickItem(activeLines.value, ticks.value[current.localId] ?? {}, itemId, count)
    const said = tickFeedback(outcome, { code: itemCode, count, number: store.bookingNumber(current) }, screen)
    if (outcome.kind !== 'ticked') return refuse(said)
    void tickStore.set(current.localId, outcome.ticks)
    feedback.value = said
  }

  /** The counted quantity typed on a line of the open booking. */
  function count(b: LocalBooking, key: string, typed: string): void {
    const result = setLineCount(groupCardLines(b.lines), ticks.value[b.localId] ?? {}, key, typed)
    if (!result) return
    if (result.kind !== 'set') return refuse(countFeedback(result, typed, screen))
    void tickStore.set(b.localId, result.ticks)
    feedback.value = countFeedback(result, typed, screen)
  }

  function refuse(said: ScanFeedback): void {
    screen.beep()
    feedback.value = said
  }

  /** The open booking is closed (Esc, its close button, or it left: shipped or delivered). */
  function close(localId?: string): void {
    if (localId !== undefined && activeId.value !== localId) return
    activeId.value = null
    feedback.value = null
  }

  return { scanText, activeId, feedback, ticks, active, activeProgress, openBooking, scanned, count, refuse, close }
}
