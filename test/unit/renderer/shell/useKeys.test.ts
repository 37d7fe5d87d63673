import { effectScope } from 'vue'
import { afterEach, describe, expect, it, vi } from 'vitest'
import es from '@renderer/i18n/es'
import en from '@renderer/i18n/en'
import { findBinding, keyGroups, matches, parseCombo, saveKeys, scanFocusKey, useKeys, type KeyPress } from '@renderer/composables/useKeys'

/** A key press as Chromium reports it (code is the physical key). */
function press(key: string, over: Partial<KeyPress> = {}): KeyPress {
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : /^\d$/.test(key) ? `Digit${key}` : key
  return { key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over }
}
const calm = { typing: false, dialog: false }
const typing = { typing: true, dialog: false }
const inDialog = { typing: false, dialog: true }

const scopes: ReturnType<typeof effectScope>[] = []
/** Declares keys as a component would, in a scope the test can close (like an unmounted screen). */
function declare(...args: Parameters<typeof useKeys>) {
  const scope = effectScope()
  scopes.push(scope)
  const group = scope.run(() => useKeys(...args))!
  return { group, close: () => scope.stop() }
}
afterEach(() => {
  for (const s of scopes.splice(0)) s.stop()
})

describe('key matching', () => {
  it('tells Ctrl+S, Ctrl+Enter and Cmd+S apart from plain S and Enter', () => {
    expect(matches(parseCombo('Ctrl+S'), press('s', { ctrlKey: true }))).toBe(true)
    expect(matches(parseCombo('Ctrl+S'), press('s', { metaKey: true }))).toBe(true)
    expect(matches(parseCombo('Ctrl+S'), press('s'))).toBe(false)
    expect(matches(parseCombo('Ctrl+S'), press('s', { ctrlKey: true, shiftKey: true }))).toBe(false)
    expect(matches(parseCombo('Ctrl+Enter'), press('Enter', { ctrlKey: true }))).toBe(true)
    expect(matches(parseCombo('Ctrl+Enter'), press('Enter'))).toBe(false)
  })

  it('takes Alt+digit by the digit row even when Alt turned it into another character', () => {
    expect(matches(parseCombo('Alt+2'), { ...press('2', { altKey: true }), key: '™' })).toBe(true)
    expect(matches(parseCombo('Alt+2'), press('2'))).toBe(false)
    expect(matches(parseCombo('2'), press('2', { altKey: true }))).toBe(false)
  })

  it('takes ? whatever Shift the layout needs, and F1 only as F1', () => {
    expect(matches(parseCombo('?'), press('?', { shiftKey: true, code: 'Slash' }))).toBe(true)
    expect(matches(parseCombo('?'), press('?', { shiftKey: true, code: 'Minus' }))).toBe(true)
    expect(matches(parseCombo('?'), press('/', { code: 'Slash' }))).toBe(false)
    expect(matches(parseCombo('F1'), press('F1'))).toBe(true)
    expect(matches(parseCombo('F1'), press('F1', { ctrlKey: true }))).toBe(false)
  })
})

describe('which handler a key runs', () => {
  it('leaves plain keys and ? to the field being typed in; F1 and the save keys still work there', () => {
    const help = vi.fn()
    const save = vi.fn()
    const { group } = declare('keys.groups.general', [
      { keys: 'F1', label: 'keys.help', run: help, whileTyping: true, inDialogs: true },
      { keys: '?', label: 'keys.help', run: help, inDialogs: true },
      { keys: 'n', label: 'keys.newRecord', run: vi.fn() },
      saveKeys(save),
    ])
    const groups = [group]
    expect(findBinding(groups, press('?', { shiftKey: true }), typing)).toBeUndefined()
    expect(findBinding(groups, press('n'), typing)).toBeUndefined()
    expect(findBinding(groups, press('?', { shiftKey: true }), calm)?.run).toBe(help)
    expect(findBinding(groups, press('F1'), typing)?.run).toBe(help)
    expect(findBinding(groups, press('Enter', { ctrlKey: true }), typing)?.run).toBe(save)
  })

  it('answers a key meant for before the fields on its way down, and the others on their way back up', () => {
    const save = vi.fn()
    const focus = vi.fn()
    const { group } = declare('keys.groups.screen', [
      { keys: 'Ctrl+Enter', label: 'keys.save', run: save, beforeFields: true },
      { keys: 'F2', label: 'keys.focusScan', run: focus },
    ])
    const groups = [group]
    expect(findBinding(groups, press('Enter', { ctrlKey: true }), { ...typing, beforeFields: true })?.run).toBe(save)
    expect(findBinding(groups, press('Enter', { ctrlKey: true }), typing)).toBeUndefined()
    expect(findBinding(groups, press('F2'), { ...typing, beforeFields: true })).toBeUndefined()
    expect(findBinding(groups, press('F2'), typing)?.run).toBe(focus)
  })

  it('runs one handler per key: the latest declared (a dialog over its screen, a screen over the shell)', () => {
    const shell = vi.fn()
    const screen = vi.fn()
    const dialog = vi.fn()
    let dialogShown = false
    declare('keys.groups.general', [{ keys: 'F5', label: 'keys.refresh', run: shell }])
    declare('keys.groups.screen', [saveKeys(screen), { keys: 'F5', label: 'keys.refresh', run: screen }])
    declare('keys.groups.dialog', [saveKeys(dialog, { inDialogs: true })], { when: () => dialogShown })

    expect(findBinding(keyGroups, press('F5'), calm)?.run).toBe(screen)
    expect(findBinding(keyGroups, press('s', { ctrlKey: true }), calm)?.run).toBe(screen)
    dialogShown = true
    expect(findBinding(keyGroups, press('s', { ctrlKey: true }), inDialog)?.run).toBe(dialog)
    // The screen's keys are asleep under a dialog, the shell's too unless they say otherwise.
    expect(findBinding(keyGroups, press('F5'), inDialog)).toBeUndefined()
  })

  it('looks for an open dialog only when a key has a binding that a dialog would put to sleep', () => {
    const save = vi.fn()
    declare('keys.groups.screen', [saveKeys(save), { keys: 'F1', label: 'keys.help', run: vi.fn(), inDialogs: true }])
    const dialogOpen = vi.fn(() => true)
    // Each character a scanner types is a key press with no binding: the page is never searched for it.
    for (const key of ['7', '5', '0', 'a', 'Enter'])
      expect(findBinding(keyGroups, press(key), { typing: true, dialog: dialogOpen })).toBeUndefined()
    expect(findBinding(keyGroups, press('F1'), { typing: true, dialog: dialogOpen })).toBeDefined()
    expect(dialogOpen).not.toHaveBeenCalled()
    expect(findBinding(keyGroups, press('s', { ctrlKey: true }), { typing: true, dialog: dialogOpen })).toBeUndefined()
    expect(dialogOpen).toHaveBeenCalledTimes(1)
    dialogOpen.mockReturnValue(false)
    expect(findBinding(keyGroups, press('s', { ctrlKey: true }), { typing: true, dialog: dialogOpen })?.run).toBe(save)
  })

  it('skips a key that cannot act now, letting an earlier declaration have it', () => {
    const shell = vi.fn()
    let pushing = true
    declare('keys.groups.general', [{ keys: 'F5', label: 'keys.refresh', run: shell }])
    declare('keys.groups.screen', [{ keys: 'F5', label: 'keys.syncNow', run: vi.fn(), when: () => !pushing }])
    expect(findBinding(keyGroups, press('F5'), calm)?.run).toBe(shell)
    pushing = false
    expect(findBinding(keyGroups, press('F5'), calm)?.run).not.toBe(shell)
  })

  it('a key may work in one field only (the catalogue’s arrows in its search box, not in another field)', () => {
    const search = { id: 'search' } as unknown as EventTarget
    const other = { id: 'other' } as unknown as EventTarget
    const next = vi.fn()
    const { group } = declare('keys.groups.screen', [
      { keys: 'ArrowDown', label: 'keys.nextRow', run: next, whileTyping: (field) => field === search },
    ])
    expect(findBinding([group], press('ArrowDown'), { ...typing, target: search })?.run).toBe(next)
    expect(findBinding([group], press('ArrowDown'), { ...typing, target: other })).toBeUndefined()
    expect(findBinding([group], press('ArrowDown'), calm)?.run).toBe(next)
  })

  it('forgets a screen’s keys when the screen goes', () => {
    const run = vi.fn()
    const { close } = declare('keys.groups.screen', [scanFocusKey(run)])
    expect(findBinding(keyGroups, press('F2'), typing)?.run).toBe(run)
    close()
    expect(findBinding(keyGroups, press('F2'), typing)).toBeUndefined()
    expect(keyGroups).toHaveLength(0)
  })
})

describe('descriptions', () => {
  it('every label the shared bindings use reads in both languages', () => {
    const labels = [
      saveKeys(vi.fn()).label,
      scanFocusKey(vi.fn()).label,
      'keys.help',
      'keys.groups.screen',
      'keys.groups.dialog',
      'keys.groups.general',
    ]
    const lookup = (messages: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages)
    for (const label of labels) {
      expect(typeof lookup(es, label as string), label as string).toBe('string')
      expect(typeof lookup(en, label as string), label as string).toBe('string')
    }
  })
})
