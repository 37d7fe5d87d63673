import type { DraftLine } from './bookingDraft'

/**
 * What Ctrl+Z at the counter takes back: a removed line (put back where it was) or a quantity typed over
 * (the quantity before). Only these two, as at Odoo's POS: a scan is undone by Del, a field by its own undo.
 */
export type LineUndo = { kind: 'removed'; line: DraftLine; index: number } | { kind: 'quantity'; key: number; quantity: string }

/** The most kept: a counter undoes the last few slips, not the day. */
const KEEP = 50

/** Removes a line; the step that puts it back is added to `steps`. */
export function removeLine(lines: DraftLine[], key: number, steps: LineUndo[]): DraftLine[] {
  const index = lines.findIndex((l) => l.key === key)
  if (index < 0) return lines
  push(steps, { kind: 'removed', line: lines[index]!, index })
  return lines.filter((l) => l.key !== key)
}

/**
 * A line changed in the form: when its quantity changed, the quantity before is kept — once per run of
 * typing in the same line (typing "12" is one step back, not two).
 */
export function noteChange(before: DraftLine | undefined, after: DraftLine, steps: LineUndo[]): void {
  if (!before || before.quantity === after.quantity) return
  const last = steps[steps.length - 1]
  if (last?.kind === 'quantity' && last.key === after.key) return
  push(steps, { kind: 'quantity', key: after.key, quantity: before.quantity })
}

/**
 * Takes back the last step that still applies (a quantity whose line was removed since is skipped).
 * Returns the lines and the line touched (for the selection), or null when there is nothing to undo.
 */
export function undo(lines: DraftLine[], steps: LineUndo[]): { lines: DraftLine[]; key: number } | null {
  for (let step = steps.pop(); step; step = steps.pop()) {
    if (step.kind === 'removed') {
      const at = Math.min(step.index, lines.length)
      return { lines: [...lines.slice(0, at), step.line, ...lines.slice(at)], key: step.line.key }
    }
    const { key, quantity } = step
    if (lines.some((l) => l.key === key)) return { lines: lines.map((l) => (l.key === key ? { ...l, quantity } : l)), key }
  }
  return null
}

function push(steps: LineUndo[], step: LineUndo): void {
  steps.push(step)
  if (steps.length > KEEP) steps.splice(0, steps.length - KEEP)
}
