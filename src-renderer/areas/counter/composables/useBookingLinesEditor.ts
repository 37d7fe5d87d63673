import { computed, nextTick, ref, watch } from 'vue'
import type { ScanResult, ScannedItem, TransferRequest } from '@shared/counter'
import { AppError } from '@shared/errors'
import type { Picked } from '@renderer/components/ScanBox.vue'
import { addBundle, addItem, fromRequest, type FormLine } from '@renderer/stores/bookingFormLines'
import { useLineKeys } from './useLineKeys'
import { noteChange, noteScan, removeLine as withoutLine, undo as undoStep, type LineUndo } from '../lineUndo'
import { beep } from '@renderer/composables/useBeep'
import { useCounterReads } from '@renderer/composables/useCounterReads'
import type { NewBookingScreen } from './newBookingScreen'

/** The form's fields the lines editor works on: the counter's kept form, or an edit's copy. */
export interface BookingFields {
  destination: number | null
  plannedDelivery: string | null
  reference: string
  needsTransport: boolean
  transferRequestId: number | null
  lines: FormLine[]
}

/** What the last scan or key did, under the scan box; `key` is the line it speaks of. */
export interface LineNotice {
  kind: 'added' | 'unknown' | 'refused' | 'removed' | 'undone'
  text: string
  key?: number
}

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
  const { t } = screen
  const reads = useCounterReads()
  const selected = ref<number | null>(null)
  const notice = ref<LineNotice | null>(null)
  /** A message about a line goes when its line goes (removed, the form saved or emptied). */
  const shownNotice = computed(() => {
    const n = notice.value
    return n && (n.key === undefined || fields.lines.some((l) => l.key === n.key)) ? n : null
  })
  /** Ctrl+Z: scans, removals and quantity changes of this form, the last first (see lineUndo.ts). */
  const undoSteps: LineUndo[] = []
  /** The planned delivery moved to today because it had passed (catchUpDelivery), until the form is saved or emptied. */
  const deliveryMoved = ref<{ from: string; to: string } | null>(null)
  // Another day chosen since: the note no longer speaks of the date shown.
  watch(
    () => fields.plannedDelivery,
    (day) => {
      if (deliveryMoved.value && day !== deliveryMoved.value.to) deliveryMoved.value = null
    },
  )
  /** A dynamic bundle scanned: its picker is open with the category's items. */
  const dynamic = ref<Extract<ScanResult, { kind: 'bundle' }> | null>(null)

  const lineName = (line: { code: string; name: string }) => `${line.code} ${line.name}`

  /** The line just added or changed: selected, said under the scan box (`name`: what was scanned), and brought into view. */
  function added(line: FormLine, kind: 'added' | 'undone' = 'added', name = lineName(line)): void {
    selected.value = line.key
    notice.value = { kind, text: t(kind === 'added' ? 'counter.added' : 'counter.undone', { name }), key: line.key }
    screen.revealSelected()
  }

  /** `undoable` false: part of a bigger pick that notes its own single Ctrl+Z step. */
  function addScanned(item: ScannedItem, quantity: string, bundle: { id: number; code: string } | null = null, undoable = true): void {
    const before = fields.lines
    const result = addItem(before, item, quantity, bundle, today())
    fields.lines = result.lines
    if (undoable) noteScan(before, result.lines, undoSteps)
    added(result.line)
  }

  async function pick(picked: Picked): Promise<void> {
    keys.stopBrowsing()
    let found: ScanResult
    try {
      found = await reads.scan(picked.code, picked.kind)
    } catch (err) {
      failed(AppError.from(err))
      return
    }
    if (found.kind === 'unknown') {
      beep()
      notice.value = { kind: 'unknown', text: t('counter.unknownCode', { code: found.code }) }
      return
    }
    if (found.kind === 'refused') {
      // Known but not bookable (an inactive bundle): said with the reason, nothing added.
      beep()
      notice.value = { kind: 'refused', text: t('counter.refusedInactive', { name: found.name }) }
      return
    }
    if (found.kind === 'item' && found.item.item.active === false) {
      // Withdrawn from sale: the service would refuse the booking after a sync. Said now, with its code and name.
      beep()
      notice.value = { kind: 'refused', text: t('counter.refusedInactiveItem', { name: lineName(found.item.item) }) }
      return
    }
    if (found.kind === 'item') return addScanned(found.item, picked.count)
    if (found.bundle.categoryBundle) {
      dynamic.value = found
      return
    }
    const before = fields.lines
    const { lines, line } = addBundle(before, found, picked.count, today())
    fields.lines = lines
    noteScan(before, lines, undoSteps)
    // The bundle is what was scanned: naming its last component made the clerk think one item went in.
    if (line) added(line, 'added', `${found.bundle.code} ${found.bundle.name}`)
  }

  function pickDynamic(picked: { item: ScannedItem; quantity: number }[]): void {
    const bundle = dynamic.value?.bundle
    if (!bundle) return
    const before = fields.lines
    for (const p of picked) addScanned(p.item, String(p.quantity), { id: bundle.id, code: bundle.code }, false)
    // One Ctrl+Z takes the whole pick back, as for a static bundle.
    noteScan(before, fields.lines, undoSteps)
  }

  function closeDynamic(): void {
    dynamic.value = null
    void nextTick(screen.focusScan)
  }

  async function fromTransferRequest(r: TransferRequest): Promise<void> {
    const scans = new Map<number, ScannedItem>()
    for (const l of r.lines) {
      if (!l.itemCode) continue
      const found = await reads.scan(l.itemCode, 'item').catch(() => null)
      if (found?.kind === 'item') scans.set(l.itemId, found.item)
    }
    Object.assign(fields, {
      destination: r.agencyToId,
      plannedDelivery: r.plannedDelivery ?? fields.plannedDelivery,
      reference: r.reference ?? fields.reference,
      transferRequestId: r.id,
      lines: fromRequest(r, scans, today()),
    })
    catchUpDelivery()
    await nextTick()
    screen.focusScan()
  }

  /** A planned delivery that has passed (a request's, or one kept since): moved to the clerk's today, and said. */
  function catchUpDelivery(): { from: string; to: string } | null {
    const day = screen.today()
    if (!fields.plannedDelivery || fields.plannedDelivery >= day) return null
    deliveryMoved.value = { from: fields.plannedDelivery, to: day }
    fields.plannedDelivery = day
    return deliveryMoved.value
  }

  /** The keys that choose a line and change its quantity from the scan box (useLineKeys.ts). */
  const keys = useLineKeys(fields, selected, screen, (line) => changeLine(line))

  function changeLine(line: FormLine): void {
    noteChange(
      fields.lines.find((l) => l.key === line.key),
      line,
      undoSteps,
    )
    fields.lines = fields.lines.map((l) => (l.key === line.key ? line : l))
  }

  function removeLine(key: number): void {
    const index = fields.lines.findIndex((l) => l.key === key)
    const gone = fields.lines[index]
    if (!gone) return
    fields.lines = withoutLine(fields.lines, key, undoSteps)
    selected.value = fields.lines[Math.min(index, fields.lines.length - 1)]?.key ?? null
    // The "added" message went with its line; saying what went is what Ctrl+Z needs.
    notice.value = { kind: 'removed', text: t('counter.removed', { name: lineName(gone) }) }
    // Back to the scanner: the next item is usually already under it.
    void nextTick(screen.focusScan)
  }

  /** Del on the empty scan box: the selected line, else the last one scanned. */
  function removeFromScanBox(): void {
    const key = fields.lines.some((l) => l.key === selected.value) ? selected.value : (fields.lines[fields.lines.length - 1]?.key ?? null)
    if (key !== null) removeLine(key)
  }

  /** Ctrl+Z: the last change of any kind taken back, and said; a line a scan added goes with its "added" message. */
  function undo(): void {
    const done = undoStep(fields.lines, undoSteps)
    if (!done) return
    fields.lines = done.lines
    const line = done.lines.find((l) => l.key === done.key)
    if (line) return added(line, 'undone')
    selected.value = null
    notice.value = { kind: 'undone', text: t('counter.undoneScan', { name: done.gone.map(lineName).join(', ') }) }
  }

  /** The form was saved, emptied or swapped for another company's: nothing to say or take back of the one before. */
  function forget(): void {
    keys.stopBrowsing()
    notice.value = null
    deliveryMoved.value = null
    undoSteps.length = 0
  }

  return {
    selected,
    notice,
    shownNotice,
    dynamic,
    deliveryMoved,
    catchUpDelivery,
    canUndo: () => undoSteps.length > 0,
    pick,
    pickDynamic,
    closeDynamic,
    fromTransferRequest,
    changeLine,
    removeLine,
    removeFromScanBox,
    undo,
    forget,
    ...keys,
  }
}
