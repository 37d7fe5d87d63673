import { describe, expect, it } from 'vitest'
import type { ScannedItem } from '@shared/counter'
import { addItem, type FormLine } from '@renderer/stores/bookingFormLines'
import { noteChange, noteScan, removeLine, undo, type LineUndo } from '@renderer/areas/counter/lineUndo'

const scanned = (id: number): ScannedItem => ({
  item: { id, code: `ART-${id}`, name: `Artículo ${id}`, ean13: null, measurementUnit: null, itemCategoryId: null, available: 10 },
  lots: [],
})

function threeLines(): FormLine[] {
  let lines: FormLine[] = []
  for (const id of [1, 2, 3]) lines = addItem(lines, scanned(id), '1').lines
  return lines
}
const summary = (lines: FormLine[]) => lines.map((l) => `${l.code}×${l.quantity}`)

describe('Ctrl+Z at the counter', () => {
  it('puts a removed line back where it was, with its quantity', () => {
    const steps: LineUndo[] = []
    let lines = threeLines().map((l) => (l.itemId === 2 ? { ...l, quantity: '4' } : l))
    lines = removeLine(lines, lines[1]!.key, steps)
    expect(summary(lines)).toEqual(['ART-1×1', 'ART-3×1'])
    const back = undo(lines, steps)!
    expect(summary(back.lines)).toEqual(['ART-1×1', 'ART-2×4', 'ART-3×1'])
    expect(back.key).toBe(back.lines[1]!.key)
    expect(undo(back.lines, steps)).toBeNull()
  })

  it('takes back removals one by one, the last first', () => {
    const steps: LineUndo[] = []
    let lines = threeLines()
    lines = removeLine(lines, lines[2]!.key, steps)
    lines = removeLine(lines, lines[1]!.key, steps)
    expect(summary(lines)).toEqual(['ART-1×1'])
    lines = undo(lines, steps)!.lines
    expect(summary(lines)).toEqual(['ART-1×1', 'ART-2×1'])
    lines = undo(lines, steps)!.lines
    expect(summary(lines)).toEqual(['ART-1×1', 'ART-2×1', 'ART-3×1'])
  })

  it('takes a quantity typed over back to what it was, one step for one run of typing', () => {
    const steps: LineUndo[] = []
    let lines = threeLines()
    for (const typed of ['', '1', '12']) {
      const before = lines[0]!
      const after = { ...before, quantity: typed }
      noteChange(before, after, steps)
      lines = lines.map((l) => (l.key === after.key ? after : l))
    }
    expect(summary(lines)[0]).toBe('ART-1×12')
    lines = undo(lines, steps)!.lines
    expect(summary(lines)[0]).toBe('ART-1×1')
    expect(undo(lines, steps)).toBeNull()
  })

  it('does not count a change of lot or reference as a step', () => {
    const steps: LineUndo[] = []
    const lines = threeLines()
    noteChange(lines[0], { ...lines[0]!, reference: 'x', lotId: 4 }, steps)
    expect(undo(lines, steps)).toBeNull()
  })

  it('skips a quantity whose line has gone since, and undoes the removal before it', () => {
    const steps: LineUndo[] = []
    let lines = threeLines()
    lines = removeLine(lines, lines[0]!.key, steps)
    noteChange(lines[0], { ...lines[0]!, quantity: '3' }, steps)
    lines = [{ ...lines[0]!, quantity: '3' }, lines[1]!]
    // The line whose quantity changed is removed without a step of its own (a saved or discarded form).
    lines = lines.slice(1)
    const back = undo(lines, steps)!
    expect(summary(back.lines)).toEqual(['ART-1×1', 'ART-3×1'])
  })
  it('takes back a scan that added a line: the line goes, and is named as gone', () => {
    const steps: LineUndo[] = []
    const before = threeLines()
    const after = addItem(before, scanned(4), '2').lines
    noteScan(before, after, steps)
    const back = undo(after, steps)!
    expect(summary(back.lines)).toEqual(['ART-1×1', 'ART-2×1', 'ART-3×1'])
    expect(back.key).toBeNull()
    expect(back.gone.map((l) => l.code)).toEqual(['ART-4'])
    expect(undo(back.lines, steps)).toBeNull()
  })

  it('takes back a scan that added to a line already there: that quantity only, the line stays', () => {
    const steps: LineUndo[] = []
    let lines = threeLines()
    for (const count of ['1', '5']) {
      const before = lines
      lines = addItem(before, scanned(2), count).lines
      noteScan(before, lines, steps)
    }
    expect(summary(lines)).toEqual(['ART-1×1', 'ART-2×7', 'ART-3×1'])
    const once = undo(lines, steps)!
    expect(summary(once.lines)).toEqual(['ART-1×1', 'ART-2×2', 'ART-3×1'])
    expect(once.key).toBe(lines[1]!.key)
    expect(summary(undo(once.lines, steps)!.lines)).toEqual(['ART-1×1', 'ART-2×1', 'ART-3×1'])
  })

  it('keeps one history, the last change first, whatever its kind: scan, quantity, removal', () => {
    const steps: LineUndo[] = []
    let lines: FormLine[] = []
    const scan = (id: number) => {
      const before = lines
      lines = addItem(before, scanned(id), '1').lines
      noteScan(before, lines, steps)
    }
    scan(1)
    scan(2)
    const typed = { ...lines[0]!, quantity: '9' }
    noteChange(lines[0], typed, steps)
    lines = [typed, lines[1]!]
    lines = removeLine(lines, lines[1]!.key, steps)
    expect(summary(lines)).toEqual(['ART-1×9'])
    const trail: string[][] = []
    for (let done = undo(lines, steps); done; done = undo(lines, steps)) {
      lines = done.lines
      trail.push(summary(lines))
    }
    expect(trail).toEqual([['ART-1×9', 'ART-2×1'], ['ART-1×1', 'ART-2×1'], ['ART-1×1'], []])
  })

  it('takes a bundle scan back whole: every line it added or raised, in one step', () => {
    const steps: LineUndo[] = []
    const before = threeLines()
    let after = addItem(before, scanned(1), '2').lines
    after = addItem(after, scanned(5), '1').lines
    noteScan(before, after, steps)
    const back = undo(after, steps)!
    expect(summary(back.lines)).toEqual(['ART-1×1', 'ART-2×1', 'ART-3×1'])
    expect(back.gone.map((l) => l.code)).toEqual(['ART-5'])
    expect(steps).toEqual([])
  })

  it('notes nothing for a scan that changed nothing', () => {
    const steps: LineUndo[] = []
    const lines = threeLines()
    noteScan(lines, lines, steps)
    expect(steps).toEqual([])
  })

  it('skips a scan whose lines have all gone since (the form saved or emptied)', () => {
    const steps: LineUndo[] = []
    const before = threeLines()
    const after = addItem(before, scanned(4), '1').lines
    noteScan(before, after, steps)
    expect(undo([], steps)).toBeNull()
  })
})
