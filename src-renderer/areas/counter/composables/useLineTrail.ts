import { computed, ref } from 'vue'
import type { FormLine } from '@renderer/stores/bookingFormLines'
import type { LineUndo } from '../lineUndo'
import type { NewBookingScreen } from './newBookingScreen'

/** What the last scan or key did, under the scan box; `key` is the line it speaks of. */
export interface LineNotice {
  kind: 'added' | 'unknown' | 'refused' | 'removed' | 'undone'
  text: string
  key?: number
}

export const lineName = (line: { code: string; name: string }) => `${line.code} ${line.name}`

/**
 * What the clerk's last moves on the lines leave behind: the line selected, the note under the scan box,
 * and the steps Ctrl+Z takes back.
 */
export function useLineTrail(fields: { lines: FormLine[] }, screen: Pick<NewBookingScreen, 't' | 'revealSelected'>) {
  const selected = ref<number | null>(null)
  const notice = ref<LineNotice | null>(null)
  /** A message about a line goes when its line goes (removed, the form saved or emptied). */
  const shownNotice = computed(() => {
    const n = notice.value
    return n && (n.key === undefined || fields.lines.some((l) => l.key === n.key)) ? n : null
  })
  /** Ctrl+Z: scans, removals and quantity changes of this form, the last first (see lineUndo.ts). */
  const undoSteps: LineUndo[] = []

  /** The line just added or changed: selected, said under the scan box (`name`: what was scanned), and brought into view. */
  function added(line: FormLine, kind: 'added' | 'undone' = 'added', name = lineName(line)): void {
    selected.value = line.key
    notice.value = { kind, text: screen.t(kind === 'added' ? 'counter.added' : 'counter.undone', { name }), key: line.key }
    screen.revealSelected()
  }

  return { selected, notice, shownNotice, undoSteps, added }
}

export type LineTrail = ReturnType<typeof useLineTrail>
