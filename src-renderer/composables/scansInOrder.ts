/**
 * A queue for what a scan box is given: each task starts once the one before it has ended, so a scanner's
 * codes are told in the order scanned though a later code's answer comes first (one kept in the window
 * comes at once, another waits for the core). A task that fails does not stop the ones after it.
 */
export function scansInOrder(): <T>(task: () => T | Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve()
  return (task) => {
    const mine = last.then(task)
    last = mine.catch(() => undefined)
    return mine
  }
}
