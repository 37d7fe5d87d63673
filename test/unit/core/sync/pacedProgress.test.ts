import { expect, it } from 'vitest'
import type { PullProgress } from '@shared/catalogue'
import { pacedProgress } from '@core/sync/pacedProgress'

// A pull's progress reaches the window ten times a second at most, and each phase ends at its whole count.
it('tells a phase at most once a period, its last figure before the next phase, and each new phase at once', () => {
  let clock = 0
  const told: PullProgress[] = []
  const progress = pacedProgress(
    (p) => told.push(p),
    100,
    () => clock,
  )
  const items = (done: number): PullProgress => ({ phase: 'items', done, total: 1200 })

  progress({ phase: 'reference', done: 0, total: null })
  for (let done = 200; done <= 1200; done += 200) {
    clock += 30
    progress(items(done))
  }
  // The first figure of the phase at once; of the next ones, 30 ms apart, the first 100 ms after it.
  expect(told.map((p) => p.done)).toEqual([0, 200, 1000])
  clock += 5
  progress({ phase: 'done', done: 1200, total: 1200 })
  expect(told.slice(-2)).toEqual([items(1200), { phase: 'done', done: 1200, total: 1200 }])
  // Nothing held twice: a new phase after the last figure was told sends the phase alone.
  progress({ phase: 'waiting', done: 0, total: null })
  expect(told).toHaveLength(6)
})
