/** Hands out ids from a base, so each table's ids live in their own range. */
export class IdSequence {
  private nextId: number
  constructor(base: number) {
    this.nextId = base
  }
  next(): number {
    return this.nextId++
  }
}
