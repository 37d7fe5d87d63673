import { getCurrentScope, onScopeDispose, shallowReactive } from 'vue'
import { dialogOpen, isTypingTarget } from './keyTargets'

/**
 * The one way a screen answers keys. Each screen (and the shell) declares its
 * keys with a description; one window listener runs them, and the help
 * overlay (F1, `?`) lists the same declarations, so what it shows is what the
 * keys do.
 *
 * Key names: `Ctrl+Enter`, `Ctrl+S`, `Alt+1`, `F5`, `Delete`, `1`, `n`, `?`.
 * `Ctrl` is Cmd on a Mac too. Letters follow the layout (Ctrl+S is the key
 * marked S); digits also match the physical row, since Alt+digit gives other
 * characters on some systems; a sign such as `?` matches whatever Shift it takes.
 */
export interface KeyBinding {
  keys: string | readonly string[]
  /** A message key, or a function giving the text (for a label with values). */
  label: string | (() => string)
  run: (event: KeyboardEvent) => unknown
  /** Whether the key does something now (a disabled one is still listed, dimmed). */
  when?: () => boolean
  /**
   * Whether it also fires while the user types in a field (or in which
   * fields). By default keys with Ctrl or Alt and the function keys do; a
   * plain key (`n`, `1`, `?`, Delete) belongs to the field.
   */
  whileTyping?: boolean | ((field: EventTarget | null) => boolean)
  /**
   * Whether it fires while a dialog is open above the screen (by default not: the dialog has the keyboard). A
   * function says whether the dialog open now is one the key belongs over (a picture over the delivery's question).
   */
  inDialogs?: boolean | (() => boolean)
  /** The key keeps its own effect too (a digit still lands in the box the handler focused). */
  keepDefault?: boolean
  /** How the help writes the keys when listing each would be long ("0–9"). */
  keyText?: string
  /** Caught before the field with the focus sees it (a select keeps Enter for itself, so Ctrl+Enter would never save from it). */
  beforeFields?: boolean
}

export interface KeyGroup {
  readonly id: number
  /** A message key naming the group in the help ("This screen", "Everywhere"). */
  readonly title: string
  readonly bindings: readonly KeyBinding[]
  /** Whether the group is in force at all (a dialog's keys while it is shown). */
  readonly when?: () => boolean
}

export interface KeyContext {
  /** The key went to a text field. */
  typing: boolean
  /** A dialog is open above the screen (a function: asked only when a binding matches the press, since the answer searches the page). */
  dialog: boolean | (() => boolean)
  /** Where the key went (for keys that work in some fields only). */
  target?: EventTarget | null
  /** The press on its way down to the field (only `beforeFields` keys answer then), or back up (the others). */
  beforeFields?: boolean
}

/** What a key press looks like to the matcher (a KeyboardEvent has all of it). */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>

/** Besides the key as written: what matching compares it with, worked out once (every key a scanner types is matched). */
interface Combo {
  ctrl: boolean
  alt: boolean
  shift: boolean
  key: string
  kind: 'letter' | 'digit' | 'sign' | 'named'
  /** The key lowercased (letters, named keys), or its physical key (`Digit1`). */
  match: string
}

export function parseCombo(text: string): Combo {
  const parts = text.split('+')
  // 'Ctrl++' would end in two empty parts: the key is the plus sign itself.
  const key = parts.at(-1) === '' ? '+' : parts.at(-1)!
  const mods = new Set(parts.slice(0, parts.at(-1) === '' ? -2 : -1).map((m) => m.toLowerCase()))
  const kind = /^[a-z]$/i.test(key) ? 'letter' : /^\d$/.test(key) ? 'digit' : key.length === 1 ? 'sign' : 'named'
  const match = kind === 'digit' ? `Digit${key}` : key.toLowerCase()
  return { ctrl: mods.has('ctrl'), alt: mods.has('alt'), shift: mods.has('shift'), key, kind, match }
}

/** The letter a press stands for: its character on this layout, or its physical key when a modifier made it something else. */
function letterOf(press: KeyPress): string | null {
  if (/^[a-z]$/i.test(press.key)) return press.key.toLowerCase()
  return /^Key([A-Z])$/.exec(press.code)?.[1]?.toLowerCase() ?? null
}

export function matches(combo: Combo, press: KeyPress): boolean {
  if (combo.ctrl !== (press.ctrlKey || press.metaKey) || combo.alt !== press.altKey) return false
  if (combo.kind === 'letter') return combo.shift === press.shiftKey && letterOf(press) === combo.match
  if (combo.kind === 'digit') return combo.shift === press.shiftKey && (press.code === combo.match || press.key === combo.key)
  // A sign: whichever Shift the layout needs to type it.
  if (combo.kind === 'sign') return press.key === combo.key
  return combo.shift === press.shiftKey && press.key.length === combo.match.length && press.key.toLowerCase() === combo.match
}

export function comboKeys(binding: KeyBinding): string[] {
  return typeof binding.keys === 'string' ? [binding.keys] : [...binding.keys]
}

/** Each binding's keys read once: every key press (each character a scanner types) goes through them all. */
const parsed = new WeakMap<KeyBinding, Combo[]>()
function combosOf(binding: KeyBinding): Combo[] {
  let combos = parsed.get(binding)
  if (!combos) parsed.set(binding, (combos = comboKeys(binding).map(parseCombo)))
  return combos
}

/** Array.find without a closure per binding and key. */
function firstMatching(combos: readonly Combo[], press: KeyPress): Combo | undefined {
  for (const combo of combos) if (matches(combo, press)) return combo
  return undefined
}

function firesWhileTyping(binding: KeyBinding, combo: Combo, target: EventTarget | null): boolean {
  if (typeof binding.whileTyping === 'function') return binding.whileTyping(target)
  if (binding.whileTyping !== undefined) return binding.whileTyping
  return combo.ctrl || combo.alt || /^F\d{1,2}$/.test(combo.key) || combo.key === 'Escape'
}

const firesInDialogs = (binding: KeyBinding): boolean =>
  typeof binding.inDialogs === 'function' ? binding.inDialogs() : (binding.inDialogs ?? false)

/**
 * The one binding a press runs: the latest group declared wins (a dialog's
 * keys over its screen's, a screen's over the shell's), and within a group the first.
 */
export function findBinding(groups: readonly KeyGroup[], press: KeyPress, context: KeyContext): KeyBinding | undefined {
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g]!
    if (group.when && !group.when()) continue
    for (const binding of group.bindings) {
      const combo = firstMatching(combosOf(binding), press)
      if (!combo) continue
      if ((binding.beforeFields ?? false) !== (context.beforeFields ?? false)) continue
      if (context.typing && !firesWhileTyping(binding, combo, context.target ?? null)) continue
      if (!firesInDialogs(binding) && (typeof context.dialog === 'function' ? context.dialog() : context.dialog)) continue
      if (binding.when && !binding.when()) continue
      return binding
    }
  }
  return undefined
}

/** The groups in force, in the order declared (reactive, for the help overlay). */
export const keyGroups = shallowReactive<KeyGroup[]>([])
let nextId = 1

function handle(event: KeyboardEvent, beforeFields: boolean): void {
  // A field that handled the key itself (the scan box's Enter) keeps it.
  if (event.defaultPrevented || event.isComposing) return
  const binding = findBinding(keyGroups, event, {
    typing: isTypingTarget(event.target),
    dialog: dialogOpen,
    target: event.target,
    beforeFields,
  })
  if (!binding) return
  // The browser's own meaning (Ctrl+S saves the page, F1 opens its help) must not run too.
  if (!binding.keepDefault) event.preventDefault()
  // Taken on its way down: the field never sees it.
  if (beforeFields) event.stopPropagation()
  void binding.run(event)
}
const onKeydownBeforeFields = (event: KeyboardEvent) => handle(event, true)
const onKeydown = (event: KeyboardEvent) => handle(event, false)

function listen(on: boolean): void {
  if (typeof window === 'undefined') return
  if (on) {
    window.addEventListener('keydown', onKeydownBeforeFields, true)
    window.addEventListener('keydown', onKeydown)
  } else {
    window.removeEventListener('keydown', onKeydownBeforeFields, true)
    window.removeEventListener('keydown', onKeydown)
  }
}

/** Declares keys until the calling component (or effect scope) goes away. */
export function useKeys(title: string, bindings: readonly KeyBinding[], options: { when?: () => boolean } = {}): KeyGroup {
  const group: KeyGroup = { id: nextId++, title, bindings, when: options.when }
  if (keyGroups.length === 0) listen(true)
  keyGroups.push(group)
  if (getCurrentScope()) {
    onScopeDispose(() => {
      const at = keyGroups.indexOf(group)
      if (at >= 0) keyGroups.splice(at, 1)
      if (keyGroups.length === 0) listen(false)
    })
  }
  return group
}

/** Ctrl+S (and Ctrl+Enter for forms without a multi-line field) saves. */
export function saveKeys(
  save: () => unknown,
  options: { alsoEnter?: boolean; when?: () => boolean; inDialogs?: boolean } = {},
): KeyBinding {
  return {
    keys: options.alsoEnter === false ? ['Ctrl+S'] : ['Ctrl+Enter', 'Ctrl+S'],
    label: 'keys.save',
    run: save,
    when: options.when,
    inDialogs: options.inDialogs,
  }
}

/** F2 puts the cursor in the scan box, from wherever it is (a scanner's read then lands there). */
export function scanFocusKey(focus: () => void): KeyBinding {
  return { keys: 'F2', label: 'keys.focusScan', run: focus }
}
