/**
 * The sandbox's own clock: wall time plus an offset the control door sets, so
 * a test can make a JWT it holds expire without waiting five days.
 */
export class SandboxClock {
  private offset = 0

  get offsetMs(): number {
    return this.offset
  }

  setOffset(offsetMs: number): void {
    if (!Number.isSafeInteger(offsetMs)) throw new Error(`clock offset must be a whole number of milliseconds, got ${offsetMs}`)
    this.offset = offsetMs
  }

  now(): Date {
    return new Date(Date.now() + this.offset)
  }
}
