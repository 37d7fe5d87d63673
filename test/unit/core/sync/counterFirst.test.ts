import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { CounterRequests, counterGate, letCounterFirst } from '@core/sync/counterFirst'

// The full pull's thread, before each staged batch, waits while the counter's requests are answered on the main
// thread; a request that waits on the service stops counting after a while, so it cannot hold the pull.
const timed = (fn: () => void) => {
  const started = performance.now()
  fn()
  return performance.now() - started
}
const work = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until);
}
const waited = (requests: CounterRequests) => timed(() => letCounterFirst(requests.shared))

describe('the counter first', () => {
  it('a batch goes at once when no request is being answered, and after one ends', () => {
    const requests = new CounterRequests()
    expect(waited(requests)).toBeLessThan(10)
    const end = requests.begin('counter.scan')
    end()
    end() // ended once, however often it is told
    expect(waited(requests)).toBeLessThan(10)
  })

  it('a batch waits while a request is answered, a while at most; a long request stops counting', async () => {
    const requests = new CounterRequests()
    const end = requests.begin('counter.scan')
    expect(waited(requests)).toBeGreaterThanOrEqual(15)
    await sleep(80)
    expect(waited(requests)).toBeLessThan(10)
    end()
    expect(waited(requests)).toBeLessThan(10)
  })

  it('while the counter works, the pull rests as long as it worked since its last batch, 100 ms at most', () => {
    const requests = new CounterRequests()
    const gate = counterGate(requests.shared)
    gate.letFirst()
    // Nobody has asked: the pull works on.
    work(40)
    expect(timed(gate.letFirst)).toBeLessThan(10)
    // A scan answered: for a second, the pull leaves the processors as long as it used them.
    requests.begin('counter.scan')()
    work(40)
    expect(timed(gate.letFirst)).toBeGreaterThanOrEqual(35)
    // Its rest was not work: straight after, there is nothing to rest for.
    expect(timed(gate.letFirst)).toBeLessThan(10)
    work(400)
    const rested = timed(gate.letFirst)
    expect(rested).toBeGreaterThanOrEqual(95)
    expect(rested).toBeLessThan(300)
  })

  it('what the window asks on its own, with no clerk waiting, does not make the pull rest', () => {
    const requests = new CounterRequests()
    const gate = counterGate(requests.shared)
    // The status bar's look at the line every 15 s, and the pull's own start.
    requests.begin('connection.status')()
    requests.begin('catalogue.pull')()
    expect(gate.askedWithin(1000)).toBe(false)
    work(40)
    expect(timed(gate.letFirst)).toBeLessThan(10)
    requests.begin('counter.scan')()
    expect(gate.askedWithin(1000)).toBe(true)
  })
})
