import { nextTick } from 'vue'
import type { FormLine } from '@renderer/stores/bookingFormLines'
import { noteChange, removeLine as withoutLine, undo as undoStep } from '../lineUndo'
import { lineName, type LineTrail } from './useLineTrail'
import type { NewBookingScreen } from './newBookingScreen'

/** A line's quantity changed, a line removed, and Ctrl+Z taking the last change back: each said under the scan box. */
export function useLineChanges(fields: { lines: FormLine[] }, screen: Pick<NewBookingScreen, 't' | 'focusScan'>, trail: LineTrail) {
  const { selected, notice, undoSteps } = trail

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
    notice.value = { kind: 'removed', text: screen.t('counter.removed', { name: lineName(gone) }) }
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
    if (line) return trail.added(line, 'undone')
    selected.value = null
    notice.value = { kind: 'undone', text: screen.t('counter.undoneScan', { name: done.gone.map(lineName).join(', ') }) }
  }

  return { changeLine, removeLine, removeFromScanBox, undo }
}
