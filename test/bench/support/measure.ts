import { performance } from 'node:perf_hooks'

/**
 * Benchmarks print figures; they never fail on a time (goals are targets, not
 * tests). Each figure stands beside its baseline from the same run, with the
 * ratio, and beside its goal where the issue sets one.
 */

export interface Figure {
  name: string
  value: number
  unit: string
  baseline?: { name: string; value: number }
  goal?: string
}

export async function durations(
  fn: () => unknown | Promise<unknown>,
  iterations: number,
  warmup = Math.min(20, iterations),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn()
  const out: number[] = []
  for (let i = 0; i < iterations; i++) {
    const start = performance.now()
    await fn()
    out.push(performance.now() - start)
  }
  return out
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3))

export function report(title: string, figures: Figure[]): void {
  const lines = [`\n== ${title}`]
  for (const f of figures) {
    let line = `  ${f.name.padEnd(44)} ${fmt(f.value).padStart(10)} ${f.unit}`
    if (f.baseline) line += `   baseline (${f.baseline.name}) ${fmt(f.baseline.value)} ${f.unit}   ratio ${fmt(f.value / f.baseline.value)}`
    if (f.goal) line += `   goal ${f.goal}`
    lines.push(line)
  }
  process.stdout.write(`${lines.join('\n')}\n`)
}
