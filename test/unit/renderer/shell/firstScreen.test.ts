import { describe, expect, it } from 'vitest'
import type { Router } from 'vue-router'
import { loadersOf, preloadFirstScreen, rememberFirstScreen } from '@renderer/firstScreen'
import { shellLayout, signInView } from '@renderer/router/views'

/** A storage that holds what it is given, or throws as a full or forbidden one does. */
function storage(initial: Record<string, string> = {}, broken = false) {
  const kept = new Map(Object.entries(initial))
  return {
    kept,
    getItem: (k: string) => {
      if (broken) throw new Error('storage unavailable')
      return kept.get(k) ?? null
    },
    setItem: (k: string, v: string) => {
      if (broken) throw new Error('storage full')
      kept.set(k, v)
    },
  }
}

describe("the cold start's first screen", () => {
  it('names the shell and the view of a menu screen, the sign-in form alone, nothing for a screen it does not know', () => {
    const view = async () => ({})
    expect(loadersOf('newBooking', { newBooking: view })).toEqual([shellLayout, view])
    expect(loadersOf('signIn')).toEqual([signInView])
    expect(loadersOf('bookingEdit', { newBooking: view })).toEqual([])
  })

  it('asks for the screen the last start opened on when the address names none', () => {
    const asked: string[] = []
    const loaders = (name: string) => [async () => void asked.push(name)]
    preloadFirstScreen(storage({ 'mostrador.firstScreen': 'newBooking' }), '', loaders)
    preloadFirstScreen(storage({ 'mostrador.firstScreen': 'dispatch' }), '#/', loaders)
    expect(asked).toEqual(['newBooking', 'dispatch'])
  })

  it('leaves it to the router when the address names a screen, when nothing is kept, and when storage fails', () => {
    const asked: string[] = []
    const loaders = (name: string) => [async () => void asked.push(name)]
    preloadFirstScreen(storage({ 'mostrador.firstScreen': 'newBooking' }), '#/catalogue', loaders)
    preloadFirstScreen(storage(), '', loaders)
    expect(() => preloadFirstScreen(storage({}, true), '', loaders)).not.toThrow()
    expect(asked).toEqual([])
  })

  it('swallows a failed fetch: the router reports its own', async () => {
    const failing = () => [() => Promise.reject(new Error('offline'))]
    let unhandled = false
    const note = () => (unhandled = true)
    process.on('unhandledRejection', note)
    preloadFirstScreen(storage({ 'mostrador.firstScreen': 'newBooking' }), '', failing)
    await new Promise((r) => setTimeout(r, 10))
    process.off('unhandledRejection', note)
    expect(unhandled).toBe(false)
  })

  it('keeps the screen this start opened on once the first navigation is done, and survives a full storage', async () => {
    const router = { isReady: () => Promise.resolve(), currentRoute: { value: { name: 'newBooking' } } } as unknown as Router
    const kept = storage()
    rememberFirstScreen(router, kept)
    await Promise.resolve()
    await Promise.resolve()
    expect(kept.kept.get('mostrador.firstScreen')).toBe('newBooking')
    rememberFirstScreen(router, storage({}, true))
    await new Promise((r) => setTimeout(r, 0))
  })
})
