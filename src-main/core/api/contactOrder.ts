/**
 * The order in which the service was asked, counted in memory every thread shares. A word of the line is stamped
 * when its question was asked: an answer the pull's thread heard late (busy, resting, or its message queued), or one
 * a closing service cut after a newer question was refused, can be told from a newer one's and give way to it.
 */
export class ContactOrder {
  private readonly counter: BigInt64Array

  constructor(readonly shared = new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT)) {
    this.counter = new BigInt64Array(shared)
  }

  /** A stamp larger than every one taken before it, in any thread. */
  next(): number {
    return Number(Atomics.add(this.counter, 0, 1n) + 1n)
  }
}
