import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { CounterRequests, letCounterFirst } from '@core/sync/counterFirst'

// The full pull's thread, before each staged batch, waits while the counter's requests are answered on the main
// thread; a request that waits on the service stops counting after a while, so it cannot hold the pull.
const waited = (requests: CounterRequests) => {
  const started = performance.now()
  letCounterFirst(requests.shared)
  return performance.now() - started
}

describe('the counter first', () => {
  it('a batch goes at once when no request is being answered, and after one ends', () => {
    const requests = new CounterRequests()
    expect(waited(requests)).toBeLessThan(10)
    const end = requests.begin()
    end()
    end() // ended once, however often it is told
    expect(waited(requests)).toBeLessThan(10)
  })

  it('a batch waits while a request is answered, a while at most; a long request stops counting', async () => {
    const requests = new CounterRequests()
    const end = requests.begin()
    expect(waited(requests)).toBeGreaterThanOrEqual(15)
    await sleep(80)
    expect(waited(requests)).toBeLessThan(10)
    end()
    expect(waited(requests)).toBeLessThan(10)
  })
})
