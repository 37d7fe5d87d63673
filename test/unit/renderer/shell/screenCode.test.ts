import { beforeEach, describe, expect, it } from 'vitest'
import { createMemoryHistory, createRouter, type RouteRecordRaw } from 'vue-router'
import { followScreenCode, isCodeLoadFailure, unavailableScreen } from '@renderer/shell/screenCode'

// What a screen's code is when its file cannot be fetched, in Chromium's words.
const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: app://assets/StockView-x1.js'))
const shown = { render: () => null }

/** The storage a window keeps across its reloads, shared by the "pages" a test opens one after another. */
function windowStorage() {
  const kept = new Map<string, string>()
  return {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
  }
}

/** One load of the page: a router whose stock screen's code is `stock`, and the reloads it asked for. */
function page(storage: ReturnType<typeof windowStorage>, stock: RouteRecordRaw['component']) {
  const routes: RouteRecordRaw[] = [
    { path: '/', redirect: '/counter' },
    { path: '/counter', component: shown },
    { path: '/stock', component: stock!, meta: { area: 'catalogue' } },
  ]
  const router = createRouter({ history: createMemoryHistory(), routes })
  const reloads: string[] = []
  let hushed: (reason: unknown) => boolean = () => false
  followScreenCode(router, { storage, reloadAt: (path) => reloads.push(path), hushRejections: (handled) => (hushed = handled) })
  return { router, reloads, hushed: (reason: unknown) => hushed(reason) }
}

describe('a screen whose code does not load', () => {
  beforeEach(() => (unavailableScreen.value = null))

  it('is opened by loading the page again at it, once; then it opens and nothing is said', async () => {
    const storage = windowStorage()
    const first = page(storage, missing)
    await first.router.push('/counter')
    await first.router.push('/stock').catch(() => undefined)
    expect(first.reloads).toEqual(['/stock'])
    expect(first.router.currentRoute.value.fullPath).toBe('/counter')

    // The new page finds the screen's new file.
    const second = page(storage, shown)
    await second.router.push('/stock')
    expect(second.router.currentRoute.value.fullPath).toBe('/stock')
    expect(second.reloads).toEqual([])
    expect(unavailableScreen.value).toBeNull()

    // Another failure later is a new one: the page is loaded again first.
    const third = page(storage, missing)
    await third.router.push('/counter')
    await third.router.push('/stock').catch(() => undefined)
    expect(third.reloads).toEqual(['/stock'])
  })

  it('fails again after the reload: no second reload, the notice over the landing screen', async () => {
    const storage = windowStorage()
    const first = page(storage, missing)
    await first.router.push('/counter')
    await first.router.push('/stock').catch(() => undefined)

    const second = page(storage, missing)
    await second.router.push('/stock').catch(() => undefined)
    expect(second.reloads).toEqual([])
    expect(unavailableScreen.value).toEqual({ path: '/stock', area: 'catalogue' })
    await expect.poll(() => second.router.currentRoute.value.fullPath).toBe('/counter')
    expect(unavailableScreen.value?.path).toBe('/stock')

    // Going on to another screen puts it away.
    await second.router.push('/stock').catch(() => undefined)
    expect(second.reloads).toEqual([])
    await second.router.push('/')
    await second.router.push({ path: '/counter', query: { again: '1' } })
    expect(unavailableScreen.value).toBeNull()
  })

  it('is never reloaded for where storage is not kept, and other errors are left to the screen', async () => {
    const storage = {
      ...windowStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const { router, reloads, hushed } = page(storage, missing)
    await router.push('/counter')
    await router.push('/stock').catch(() => undefined)
    expect(reloads).toEqual([])
    expect(unavailableScreen.value?.path).toBe('/stock')
    // A navigation nobody awaited that failed so was dealt with here; any other failure is still reported.
    expect(hushed(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true)
    expect(hushed(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)

    expect(isCodeLoadFailure(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true)
    expect(isCodeLoadFailure(new Error('Unable to preload CSS for /assets/StockView-x1.css'))).toBe(true)
    expect(isCodeLoadFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
  })
})
