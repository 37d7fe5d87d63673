import { ean13CheckDigit, type BundleDetail, type BundleInput } from '@shared/catalogue'
import { isValidQuantity as isValidQuantityText } from '@shared/patterns'

/**
 * The bundle editor's model: what the inputs hold (text is text, never null),
 * how it becomes the contract's bundleInput, and the checks made as the clerk
 * types, before anything is sent. Pure, so it is tested without a browser.
 */

export interface ComponentLine {
  /** Stable key for the table, also for lines not saved yet. */
  key: string
  /** The component's id on the service; null for a line added here. */
  id: number | null
  itemId: number
  itemCode: string | null
  itemName: string | null
  available: number | null
  /** Whether the item is active (null when the cache does not hold it): an inactive one is refused. */
  active: boolean | null
  quantity: string
  /** The saved quantity, to send only what changed. */
  savedQuantity: string | null
  /** An existing component the clerk removed: sent as a removal on save. */
  removed: boolean
}

export const flagFields = ['active', 'paysVat', 'quotable', 'ecommerce', 'sellable', 'purchasable'] as const
export type FlagField = (typeof flagFields)[number]

export interface BundleForm {
  code: string
  name: string
  description: string
  extraDescription: string
  ean13: string
  measurementUnit: string
  active: boolean
  paysVat: boolean
  quotable: boolean
  ecommerce: boolean
  sellable: boolean
  purchasable: boolean
  color: string | null
  categoryBundle: boolean
  itemCategoryId: number | null
  weight: number | null
  volume: number | null
  tags: string[]
  components: ComponentLine[]
}

/** Fields a message can be shown on; `base` is the whole form. */
export type FormField = Exclude<keyof BundleForm, FlagField> | 'base'

let nextKey = 0
export function lineKey(): string {
  nextKey += 1
  return `new-${nextKey}`
}

/** A new bundle: active and sellable, as most bundles at a counter are. */
export function newBundleForm(): BundleForm {
  return {
    code: '',
    name: '',
    description: '',
    extraDescription: '',
    ean13: '',
    measurementUnit: '',
    active: true,
    paysVat: true,
    quotable: true,
    ecommerce: false,
    sellable: true,
    purchasable: false,
    color: null,
    categoryBundle: false,
    itemCategoryId: null,
    weight: null,
    volume: null,
    tags: [],
    components: [],
  }
}

export function formFromDetail(detail: BundleDetail): BundleForm {
  return {
    code: detail.code,
    name: detail.name,
    description: detail.description ?? '',
    extraDescription: detail.extraDescription ?? '',
    ean13: detail.ean13 ?? '',
    measurementUnit: detail.measurementUnit ?? '',
    active: detail.active,
    paysVat: detail.paysVat,
    quotable: detail.quotable,
    ecommerce: detail.ecommerce,
    sellable: detail.sellable,
    purchasable: detail.purchasable,
    color: detail.color,
    categoryBundle: detail.categoryBundle,
    itemCategoryId: detail.itemCategoryId,
    weight: detail.weight,
    volume: detail.volume,
    tags: [...detail.tags],
    components: detail.components.map((c): ComponentLine => ({
      key: c.id !== null ? `saved-${c.id}` : lineKey(),
      id: c.id,
      itemId: c.itemId,
      itemCode: c.itemCode,
      itemName: c.itemName,
      available: c.available,
      active: c.active,
      quantity: c.quantity,
      savedQuantity: c.quantity,
      removed: false,
    })),
  }
}

/** Clerks type "1,5" as often as "1.5"; the service wants a dot. */
export function normaliseQuantity(text: string): string {
  return text.trim().replace(',', '.')
}

export function isValidQuantity(text: string): boolean {
  const q = normaliseQuantity(text)
  return isValidQuantityText(q)
}

const nullable = (text: string): string | null => (text.trim() === '' ? null : text.trim())

type Scalars = Omit<BundleInput, 'components'>

function scalars(form: BundleForm): Scalars {
  return {
    code: form.code.trim(),
    name: form.name.trim(),
    description: nullable(form.description),
    extraDescription: nullable(form.extraDescription),
    ean13: nullable(form.ean13),
    measurementUnit: nullable(form.measurementUnit),
    active: form.active,
    paysVat: form.paysVat,
    quotable: form.quotable,
    ecommerce: form.ecommerce,
    sellable: form.sellable,
    purchasable: form.purchasable,
    // The service requires a colour once set; an empty picker leaves it as it is.
    color: form.color ? form.color.toUpperCase() : undefined,
    categoryBundle: form.categoryBundle,
    // A static bundle has no category; the switch, not a stale select, decides.
    itemCategoryId: form.categoryBundle ? form.itemCategoryId : null,
    weight: form.weight,
    volume: form.volume,
    tags: form.tags.map((t) => t.trim()).filter((t) => t !== ''),
  }
}

/** Everything the editor holds, for bundles.create. A dynamic bundle takes its items from the category. */
export function createInput(form: BundleForm): BundleInput {
  const input: BundleInput = { ...scalars(form) }
  if (!form.categoryBundle) {
    input.components = form.components.filter((c) => !c.removed).map((c) => ({ itemId: c.itemId, quantity: normaliseQuantity(c.quantity) }))
  }
  return input
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i])
  return a === b
}

/** Only what the clerk changed, for bundles.update: a field left alone is not sent back. */
export function changesFrom(form: BundleForm, saved: BundleForm): Partial<BundleInput> {
  const now = scalars(form)
  const before = scalars(saved)
  const changes: Partial<BundleInput> = {}
  for (const key of Object.keys(now) as (keyof Scalars)[]) {
    if (!sameValue(now[key], before[key])) (changes as Record<string, unknown>)[key] = now[key]
  }
  const components: NonNullable<BundleInput['components']> = []
  for (const line of form.components) {
    const quantity = normaliseQuantity(line.quantity)
    if (line.id === null) {
      if (!line.removed) components.push({ itemId: line.itemId, quantity })
    } else if (line.removed) {
      components.push({ id: line.id, itemId: line.itemId, quantity: line.savedQuantity ?? quantity, remove: true })
    } else if (line.savedQuantity === null || Number(quantity) !== Number(line.savedQuantity)) {
      components.push({ id: line.id, itemId: line.itemId, quantity })
    }
  }
  if (components.length > 0) changes.components = components
  return changes
}

export function hasChanges(form: BundleForm, saved: BundleForm): boolean {
  return Object.keys(changesFrom(form, saved)).length > 0
}

/** What the EAN-13 box says while the clerk types or scans. */
export type Ean13State =
  | { state: 'empty' }
  | { state: 'notDigits' }
  | { state: 'typing'; count: number }
  | { state: 'tooLong'; count: number }
  | { state: 'badCheckDigit'; expected: number }
  | { state: 'valid' }

export function ean13State(value: string): Ean13State {
  const code = value.trim()
  if (code === '') return { state: 'empty' }
  if (!/^\d+$/.test(code)) return { state: 'notDigits' }
  if (code.length < 13) return { state: 'typing', count: code.length }
  if (code.length > 13) return { state: 'tooLong', count: code.length }
  const expected = ean13CheckDigit(code.slice(0, 12))
  return expected === Number(code[12]) ? { state: 'valid' } : { state: 'badCheckDigit', expected }
}

/** A problem found here, as an i18n key under catalogue.problems with its parameters. */
export interface Problem {
  key: string
  params?: Record<string, string | number>
}

export interface FormProblems {
  fields: Partial<Record<FormField, Problem>>
  /** Quantity problems by component line key. */
  lines: Record<string, Problem>
}

export function checkForm(form: BundleForm): FormProblems {
  const fields: FormProblems['fields'] = {}
  const lines: FormProblems['lines'] = {}
  if (form.code.trim() === '') fields.code = { key: 'required' }
  if (form.name.trim() === '') fields.name = { key: 'required' }
  const ean = ean13State(form.ean13)
  if (ean.state === 'notDigits') fields.ean13 = { key: 'ean13Digits' }
  else if (ean.state === 'typing' || ean.state === 'tooLong') fields.ean13 = { key: 'ean13Length', params: { count: ean.count } }
  else if (ean.state === 'badCheckDigit') fields.ean13 = { key: 'ean13CheckDigit', params: { expected: ean.expected } }
  if (form.color !== null && !/^#[0-9A-Fa-f]{6}$/.test(form.color)) fields.color = { key: 'colour' }
  if (form.categoryBundle && form.itemCategoryId === null) fields.itemCategoryId = { key: 'categoryRequired' }
  if (form.weight !== null && form.weight < 0) fields.weight = { key: 'notNegative' }
  if (form.volume !== null && form.volume < 0) fields.volume = { key: 'notNegative' }
  if (!form.categoryBundle) {
    for (const line of form.components) {
      if (line.removed) continue
      // The service takes the bundle, then refuses every booking of it: the editor refuses it first.
      if (line.active === false) lines[line.key] = inactiveComponent(line.itemCode ?? String(line.itemId), line.itemName ?? '')
      else if (!isValidQuantity(line.quantity)) lines[line.key] = { key: 'quantity' }
    }
  }
  return { fields, lines }
}

/** An inactive item offered as a component, named by its code and name. */
export const inactiveComponent = (code: string, name: string): Problem => ({ key: 'inactiveComponent', params: { code, name } })

export function hasProblems(problems: FormProblems): boolean {
  return Object.keys(problems.fields).length > 0 || Object.keys(problems.lines).length > 0
}

/** The form's fields a message can name directly (also the contract schema's paths: our input's names). */
const directFields: readonly FormField[] = [
  'code',
  'name',
  'description',
  'extraDescription',
  'ean13',
  'measurementUnit',
  'color',
  'categoryBundle',
  'itemCategoryId',
  'weight',
  'volume',
  'tags',
  'components',
]

/**
 * Where a message for a field belongs in this form. The core names the service's fields as our input
 * names them (extraDescription, components[0].quantity), as the contract's schema does for its own
 * (components.0.quantity). Anything unknown goes on the whole form.
 */
export function formFieldOf(key: string): FormField {
  const head = key.split(/[.[]/)[0] ?? key
  return (directFields as readonly string[]).includes(head) ? (head as FormField) : 'base'
}

/** The service's messages, grouped by the form field they belong to. */
export function serviceMessagesByField(fields: Record<string, string[]>): Partial<Record<FormField, string[]>> {
  const result: Partial<Record<FormField, string[]>> = {}
  for (const [key, messages] of Object.entries(fields)) {
    const target = formFieldOf(key)
    // Keep the field's name where it is not one on screen, so nothing the service said is lost.
    const shown = target === 'base' && key !== 'base' ? messages.map((m) => `${key}: ${m}`) : messages
    ;(result[target] ??= []).push(...shown)
  }
  return result
}
