/** How long a scan waits for the one before it: a read the core never answers must not stop the counter. */
const WAIT_FOR_THE_LAST_MS = 3_000

/**
 * A queue for what a scan box is given: each task starts once the one before it has ended, so a scanner's
 * codes are told in the order scanned though a later code's answer comes first (one kept in the window
 * comes at once, another waits for the core). A task that fails does not stop the ones after it, and one
 * that hangs holds them `waitMs` at most.
 */
export function scansInOrder(waitMs = WAIT_FOR_THE_LAST_MS): <T>(task: () => T | Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve()
  return (task) => {
    const mine = turnAfter(last, waitMs).then(task)
    last = mine.catch(() => undefined)
    return mine
  }
}

function turnAfter(before: Promise<unknown>, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs)
    void before.then(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}
