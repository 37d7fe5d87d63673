/**
 * The service's clock as its answers show it. Every answer carries a Date header in the service's
 * time; the offset (the service's clock minus this computer's) is the median of the latest samples,
 * so one slow answer does not move it. Kept per account, so doctor and a restart know it at once.
 */

/** Answers slower than this say too little about when the header was stamped. */
const MAX_ROUND_TRIP_MS = 10_000
const SAMPLES = 7

/** The offset one answer shows, or null when it shows none. The header drops milliseconds: its second's middle is taken. */
export function offsetFromDate(header: unknown, sentAt: number, receivedAt: number): number | null {
  if (typeof header !== 'string' || receivedAt - sentAt > MAX_ROUND_TRIP_MS) return null
  const serviceTime = Date.parse(header)
  if (Number.isNaN(serviceTime)) return null
  // Stamped somewhere during the exchange: compared with the exchange's middle.
  return Math.round(serviceTime + 500 - (sentAt + receivedAt) / 2)
}

export class ServiceClock {
  private readonly samples: number[] = []
  private current: number | null

  constructor(
    kept: number | null,
    private readonly onChange: (offsetMs: number) => void = () => undefined,
  ) {
    this.current = kept
  }

  /** The service's clock minus this computer's, or null before any answer said. */
  offsetMs(): number | null {
    return this.current
  }

  /** The service's time now, as best known (the computer's while nothing was measured). */
  now(): Date {
    return new Date(Date.now() + (this.current ?? 0))
  }

  observe(offsetMs: number | null): void {
    if (offsetMs === null) return
    this.samples.push(offsetMs)
    if (this.samples.length > SAMPLES) this.samples.shift()
    const sorted = [...this.samples].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]!
    // Whole seconds are all a Date header can tell; smaller moves are noise, not news.
    if (this.current !== null && Math.abs(median - this.current) < 1000) return
    this.current = median
    this.onChange(median)
  }
}
