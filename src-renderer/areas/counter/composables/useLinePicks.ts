import { nextTick, ref } from 'vue'
import type { ScanResult, ScannedItem } from '@shared/counter'
import { AppError } from '@shared/errors'
import type { Picked } from '@renderer/components/ScanBox.vue'
import { addBundle, addItem, type FormLine } from '@renderer/stores/bookingFormLines'
import { beep } from '@renderer/composables/useBeep'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import { scansInOrder } from '@renderer/composables/scansInOrder'
import { noteScan } from '../lineUndo'
import { lineName, type LineTrail } from './useLineTrail'
import type { NewBookingScreen } from './newBookingScreen'

export interface LinePickNeeds {
  /** The day the default lot is chosen by (the setup's). */
  today: () => string | null
  /** A read failed: the form says so where its problems go. */
  failed: (error: AppError) => void
  /** A scan ends the arrows' choosing of a line. */
  stopBrowsing: () => void
}

/** Lines added by a code scanned or picked: an item, a bundle, or what a dynamic bundle's picker chose. */
export function useLinePicks(fields: { lines: FormLine[] }, screen: NewBookingScreen, trail: LineTrail, needs: LinePickNeeds) {
  const { t } = screen
  const { today, failed } = needs
  const reads = useCounterReads()
  /** A dynamic bundle scanned: its picker is open with the category's items. */
  const dynamic = ref<Extract<ScanResult, { kind: 'bundle' }> | null>(null)

  /** A scan that adds nothing: a beep, and why under the scan box. */
  function refuse(kind: 'unknown' | 'refused', text: string): void {
    beep()
    trail.notice.value = { kind, text }
  }

  /** `undoable` false: part of a bigger pick that notes its own single Ctrl+Z step. */
  function addScanned(item: ScannedItem, quantity: string, bundle: { id: number; code: string } | null = null, undoable = true): void {
    const before = fields.lines
    const result = addItem(before, item, quantity, bundle, today())
    fields.lines = result.lines
    if (undoable) noteScan(before, result.lines, trail.undoSteps)
    trail.added(result.line)
  }

  /** The reads go out at once; a code answered at once (kept in the window) waits for the one scanned before it. */
  const inOrder = scansInOrder()

  function pick(picked: Picked): Promise<void> {
    needs.stopBrowsing()
    const answer = reads.scan(picked.code, picked.kind).then(
      (found) => ({ found }),
      (err: unknown) => ({ error: AppError.from(err) }),
    )
    return inOrder(async () => {
      const read = await answer
      if ('error' in read) failed(read.error)
      else add(read.found, picked)
    })
  }

  function add(found: ScanResult, picked: Picked): void {
    if (found.kind === 'unknown')
      return refuse('unknown', t(found.noCatalogueYet ? 'counter.unknownCodeNoCatalogue' : 'counter.unknownCode', { code: found.code }))
    // Known but not bookable (an inactive bundle): said with the reason, nothing added.
    if (found.kind === 'refused') return refuse('refused', t('counter.refusedInactive', { name: found.name }))
    // Withdrawn from sale: the service would refuse the booking after a sync. Said now, with its code and name.
    if (found.kind === 'item' && found.item.item.active === false)
      return refuse('refused', t('counter.refusedInactiveItem', { name: lineName(found.item.item) }))
    if (found.kind === 'item') return addScanned(found.item, picked.count)
    if (found.bundle.categoryBundle) {
      dynamic.value = found
      return
    }
    const before = fields.lines
    const { lines, line } = addBundle(before, found, picked.count, today())
    fields.lines = lines
    noteScan(before, lines, trail.undoSteps)
    // The bundle is what was scanned: naming its last component made the clerk think one item went in.
    if (line) trail.added(line, 'added', `${found.bundle.code} ${found.bundle.name}`)
  }

  function pickDynamic(picked: { item: ScannedItem; quantity: number }[]): void {
    const bundle = dynamic.value?.bundle
    if (!bundle) return
    const before = fields.lines
    for (const p of picked) addScanned(p.item, String(p.quantity), { id: bundle.id, code: bundle.code }, false)
    // One Ctrl+Z takes the whole pick back, as for a static bundle.
    noteScan(before, fields.lines, trail.undoSteps)
  }

  function closeDynamic(): void {
    dynamic.value = null
    void nextTick(screen.focusScan)
  }

  return { dynamic, pick, pickDynamic, closeDynamic }
}
