import type { PullProgress } from './catalogue'

const phases: PullProgress['phase'][] = ['reference', 'items', 'stock', 'bundles', 'indexing']

/**
 * One bar across the whole pull: each phase is a fifth, filled by its own
 * done/total when the server gives row counts. Without them (a server without
 * aggregates) the bar steps from phase to phase and never claims a share.
 */
export function pullPercentage(p: PullProgress | null): number {
  if (!p) return 0
  const index = Math.max(0, phases.indexOf(p.phase))
  const within = p.total && p.total > 0 ? Math.min(1, p.done / p.total) : 0
  return Math.round(((index + within) / phases.length) * 100)
}

/** What the message under the bar says: "done of total" with counts, rows done without them, the phase alone before its first page. */
export function pullLabelKind(p: PullProgress): 'share' | 'rows' | 'phase' {
  if (p.total) return 'share'
  return p.done > 0 ? 'rows' : 'phase'
}
