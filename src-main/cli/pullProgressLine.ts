import type { PullProgress } from '@shared/catalogue'
import { pullLabelKind, pullPercentage } from '@shared/pullProgress'

const phaseWords: Record<Exclude<PullProgress['phase'], 'waiting' | 'done'>, string> = {
  reference: 'reference data',
  items: 'items',
  stock: 'stock',
  bundles: 'bundles',
  indexing: 'preparing search',
}
const count = (n: number) => n.toLocaleString('en')

/**
 * A pull's progress as `sync` prints it: how far along the whole pull is, as the catalogue's bar says, then the phase
 * and its rows (of how many, when the service counts them). Null at the end: the result says that.
 */
export function pullProgressLine(p: PullProgress): string | null {
  if (p.phase === 'done') return null
  if (p.phase === 'waiting') return 'waiting for another Mostrador process that is pulling this catalogue'
  const words = phaseWords[p.phase]
  const kind = pullLabelKind(p)
  const rows = kind === 'share' ? `: ${count(p.done)} of ${count(p.total ?? 0)}` : kind === 'rows' ? `: ${count(p.done)} received` : ''
  return `${String(pullPercentage(p)).padStart(3)}% ${words}${rows}`
}
