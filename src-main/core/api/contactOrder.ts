/**
 * The order in which the words of the line were heard, counted in memory every thread shares. A word the pull's
 * thread heard reaches the connection's state as a message, so after any word the main thread heard meanwhile:
 * stamped where it was heard, it can be told from a newer one and give way to it.
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
