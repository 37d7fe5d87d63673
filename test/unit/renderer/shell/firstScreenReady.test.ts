import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// What the first screen does not need (the side menu, New booking's date picker) waits for it to take input.
async function freshModule() {
  vi.resetModules()
  return import('@renderer/composables/firstScreenReady')
}

describe('after the first screen', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 16))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('comes in the frame after the screen takes input, not before', async () => {
    const { afterFirstScreen, holdFirstScreen, markFirstScreenReady } = await freshModule()
    holdFirstScreen()
    let came = false
    void afterFirstScreen().then(() => (came = true))
    await vi.advanceTimersByTimeAsync(100)
    expect(came).toBe(false)
    markFirstScreenReady()
    await vi.advanceTimersByTimeAsync(0)
    expect(came).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(came).toBe(true)
  })

  it('comes 250 ms after it was asked for at the latest, for a screen that held it and never says it takes input', async () => {
    const { afterFirstScreen, holdFirstScreen } = await freshModule()
    holdFirstScreen()
    let came = false
    void afterFirstScreen().then(() => (came = true))
    await vi.advanceTimersByTimeAsync(240)
    expect(came).toBe(false)
    await vi.advanceTimersByTimeAsync(30)
    expect(came).toBe(true)
  })

  it('comes at the next frame when the first screen does not say when it takes input', async () => {
    const { afterFirstScreen } = await freshModule()
    let came = false
    void afterFirstScreen().then(() => (came = true))
    await vi.advanceTimersByTimeAsync(20)
    expect(came).toBe(true)
  })

  it('holds nobody up for a screen that holds once the first screen is behind (New booking opened later)', async () => {
    const { afterFirstScreen, holdFirstScreen } = await freshModule()
    void afterFirstScreen()
    await vi.advanceTimersByTimeAsync(20)
    holdFirstScreen()
    let came = false
    void afterFirstScreen().then(() => (came = true))
    await vi.advanceTimersByTimeAsync(20)
    expect(came).toBe(true)
  })

  it('comes at the next frame once the screen has taken input', async () => {
    const { afterFirstScreen, markFirstScreenReady } = await freshModule()
    markFirstScreenReady()
    let came = false
    void afterFirstScreen().then(() => (came = true))
    await vi.advanceTimersByTimeAsync(20)
    expect(came).toBe(true)
  })
})
