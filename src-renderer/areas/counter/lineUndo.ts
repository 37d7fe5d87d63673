import type { FormLine } from '../../stores/bookingFormLines'

/**
 * What Ctrl+Z at the counter takes back, the last first, whatever it was: a scan (the lines it added go,
 * the quantity it added to a line it found is taken back), a removed line (put back where it was) or a
 * quantity typed over (the quantity before). One history for the form; a field's own text has its own undo.
 */
export type LineUndo =
  | { kind: 'scanned'; added: number[]; raised: { key: number; quantity: string }[] }
  | { kind: 'removed'; line: FormLine; index: number }
  | { kind: 'quantity'; key: number; quantity: string }

/** What an undo did: the lines after it, the line to select (null when it only took lines away) and the lines it took away. */
export interface Undone {
  lines: FormLine[]
  key: number | null
  gone: FormLine[]
}

/** The most kept: a counter undoes the last few slips, not the day. */
const KEEP = 50

/** Removes a line; the step that puts it back is added to `steps`. */
export function removeLine(lines: FormLine[], key: number, steps: LineUndo[]): FormLine[] {
  const index = lines.findIndex((l) => l.key === key)
  if (index < 0) return lines
  push(steps, { kind: 'removed', line: lines[index]!, index })
  return lines.filter((l) => l.key !== key)
}

/**
 * A line changed in the form: when its quantity changed, the quantity before is kept — once per run of
 * typing in the same line (typing "12" is one step back, not two).
 */
export function noteChange(before: FormLine | undefined, after: FormLine, steps: LineUndo[]): void {
  if (!before || before.quantity === after.quantity) return
  const last = steps[steps.length - 1]
  if (last?.kind === 'quantity' && last.key === after.key) return
  push(steps, { kind: 'quantity', key: after.key, quantity: before.quantity })
}

/**
 * A scan changed the lines from `before` to `after`: one step that takes the whole scan back (a bundle's
 * components together). Lines are never reordered by a scan, so new keys are new lines.
 */
export function noteScan(before: FormLine[], after: FormLine[], steps: LineUndo[]): void {
  const was = new Map(before.map((l) => [l.key, l.quantity]))
  const added: number[] = []
  const raised: { key: number; quantity: string }[] = []
  for (const l of after) {
    const quantity = was.get(l.key)
    if (quantity === undefined) added.push(l.key)
    else if (quantity !== l.quantity) raised.push({ key: l.key, quantity })
  }
  if (added.length || raised.length) push(steps, { kind: 'scanned', added, raised })
}

/**
 * Takes back the last step that still applies (one whose lines have all gone since, by a save or a
 * discard, is skipped). Returns null when there is nothing to undo.
 */
export function undo(lines: FormLine[], steps: LineUndo[]): Undone | null {
  for (let step = steps.pop(); step; step = steps.pop()) {
    const done = apply(lines, step)
    if (done) return done
  }
  return null
}

function apply(lines: FormLine[], step: LineUndo): Undone | null {
  if (step.kind === 'removed') {
    const at = Math.min(step.index, lines.length)
    return { lines: [...lines.slice(0, at), step.line, ...lines.slice(at)], key: step.line.key, gone: [] }
  }
  const back = new Map(step.kind === 'quantity' ? [[step.key, step.quantity]] : step.raised.map((r) => [r.key, r.quantity]))
  const drop = new Set(step.kind === 'scanned' ? step.added : [])
  const gone = lines.filter((l) => drop.has(l.key))
  const touched = lines.find((l) => back.has(l.key))
  if (!gone.length && !touched) return null
  const kept = lines.filter((l) => !drop.has(l.key)).map((l) => (back.has(l.key) ? { ...l, quantity: back.get(l.key)! } : l))
  return { lines: kept, key: touched?.key ?? null, gone }
}

function push(steps: LineUndo[], step: LineUndo): void {
  steps.push(step)
  if (steps.length > KEEP) steps.splice(0, steps.length - KEEP)
}
