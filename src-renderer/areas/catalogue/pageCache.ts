/**
 * The rows of a long list, held a page at a time. The catalogue can hold
 * 100,000 bundles: the list asks for the pages that come into view and
 * forgets the ones far away, so memory stays flat however far one scrolls.
 */
export class PageCache<Row> {
  private readonly pages = new Map<number, Row[]>()
  private readonly pending = new Set<number>()

  constructor(
    readonly pageSize: number,
    /** Pages kept on each side of the visible ones. */
    readonly keepAround: number,
  ) {}

  pageOf(index: number): number {
    return Math.floor(index / this.pageSize)
  }

  row(index: number): Row | undefined {
    return this.pages.get(this.pageOf(index))?.[index % this.pageSize]
  }

  /** Pages covering rows first..last (inclusive) that are neither held nor on their way. */
  missing(first: number, last: number): number[] {
    if (last < first) return []
    const result: number[] = []
    for (let page = this.pageOf(first); page <= this.pageOf(last); page++) {
      if (!this.pages.has(page) && !this.pending.has(page)) result.push(page)
    }
    return result
  }

  markPending(page: number): void {
    this.pending.add(page)
  }

  store(page: number, rows: Row[]): void {
    this.pending.delete(page)
    this.pages.set(page, rows)
  }

  /** A failed fetch leaves the page missing, so the next scroll asks again. */
  fail(page: number): void {
    this.pending.delete(page)
  }

  /** Forgets pages more than keepAround pages away from rows first..last. */
  evictFarFrom(first: number, last: number): void {
    const low = this.pageOf(first) - this.keepAround
    const high = this.pageOf(Math.max(first, last)) + this.keepAround
    for (const page of [...this.pages.keys()]) if (page < low || page > high) this.pages.delete(page)
  }

  clear(): void {
    this.pages.clear()
    this.pending.clear()
  }

  get heldPages(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b)
  }
}
