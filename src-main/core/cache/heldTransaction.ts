import type { Sqlite } from '@base/sqlite'

/** The counter's requests as the pull's thread sees them (sync/counterFirst.ts). */
export interface CounterGate {
  /**
   * Before a transaction: waits while the counter's requests are answered (a moment at most), and rests while the
   * counter is at work (sync/counterFirst.ts).
   */
  letFirst(): void
  /** Whether a request is being answered now. */
  asking(): boolean
  /** Whether a request began, or was being answered, within the last `ms` (as far as this thread has looked). */
  askedWithin(ms: number): boolean
  /** Settles when a request begins, or after `ms`. */
  nextAsk(ms: number): Promise<void>
}

/** No counter beside the pull (a tool, a test): nothing asks. */
export const noCounter: CounterGate = {
  letFirst: () => undefined,
  asking: () => false,
  askedWithin: () => false,
  nextAsk: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * How long the full pull holds the file for its batches while nobody asks for it: what a writer the pull's thread
 * cannot see (a push's record, say) may wait beyond one batch.
 */
export const HELD_MS = 50
/** A counter that asked within this long is at work: it has the file back after every batch. */
export const COUNTER_QUIET_MS = 1_000

/**
 * The full pull's staged batches, several to a transaction while the counter has asked for nothing for a while (a
 * night's pull, a station nobody serves at, the command-line tool). Each commit rewrites every page its batch touched
 * (index leaves, the search words' structure) and syncs the log: a commit a batch made the large seed's pull 12–15 %
 * longer. The transaction is committed when the counter asks (it goes first, as before every transaction), once
 * HELD_MS have passed, and when the pull ends or leaves (`commit`). While the counter is at work, a batch a
 * transaction, as before: the pull's thread runs at a lower priority, and a save waiting for a held transaction
 * waited for that thread to be given a processor again (a save's p99 during the pull 3.5 and 6.2 × idle in two of
 * three runs, beside 2.1).
 */
export class HeldTransaction {
  private opened: number | null = null
  private failure: unknown = null

  /**
   * `holdMs`: how long a transaction is held open for more batches; 0, one batch a transaction, for a connection
   * that others of its thread write through too (their writes would join the pull's transaction).
   */
  constructor(
    private readonly db: Sqlite,
    private readonly counter: CounterGate,
    private readonly holdMs: number,
  ) {}

  /** `write` in the open transaction, one opened first if none is; a write that fails takes back its own rows alone. */
  run(write: () => void): void {
    const hold = this.holdMs > 0 && !this.counter.askedWithin(COUNTER_QUIET_MS)
    if (!hold) this.commit()
    this.rethrow()
    if (this.opened === null) {
      this.counter.letFirst()
      if (!hold) return void this.db.transaction(write).immediate()
      this.db.exec('BEGIN IMMEDIATE')
      const opened = performance.now()
      this.opened = opened
      // Between two batches, or while the pull waits for the service: the thread is free to commit.
      void this.counter.nextAsk(this.holdMs).then(() => {
        if (this.opened === opened) this.commitOrKeepFailure()
      })
    }
    this.db.transaction(write)()
    if (this.counter.asking()) this.commit()
  }

  /** Commits the open transaction; throws what a commit made meanwhile failed with (the pull must not go on). */
  commit(): void {
    this.rethrow()
    const opened = this.opened
    this.opened = null
    if (opened !== null && this.db.inTransaction) this.db.exec('COMMIT')
  }

  /** For a pull that failed: what it wrote is committed for the next try; a commit that fails takes it back, quietly. */
  keepWritten(): void {
    this.commitOrKeepFailure()
    this.failure = null
  }

  private commitOrKeepFailure(): void {
    try {
      this.commit()
    } catch (err) {
      // Its rows are gone with it, and the rows after would leave a hole: the pull fails at its next step.
      this.failure = err
      if (this.db.open && this.db.inTransaction) this.db.exec('ROLLBACK')
    }
  }

  private rethrow(): void {
    const failure = this.failure
    this.failure = null
    if (failure) throw failure
  }
}
