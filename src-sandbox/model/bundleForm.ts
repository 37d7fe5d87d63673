import type Decimal from 'decimal.js'
import { isValidEan13 } from '../seed/ean13'
import { characterCount } from '@shared/patterns'
import { errorMessagesFor } from '../routes/validationMessages'
import { splitTagList } from './bundleTags'
import { parseDecimal, railsDecimalString } from './railsDecimal'
import { castText as text, falseValues, readId, trueValues } from './railsCast'
import { validationText as t } from './validationText'

/**
 * Reads the body of a bundle create or update (`{bundle: {...}}`) the way the
 * service's form does: only the permitted fields, Rails-style casting of
 * strings ("1", "true", "12.5"), and the checks that need no database. What
 * needs the database (unique code, existing items and categories) is checked
 * by saveBundle.
 */

/** The bundle columns a client may write, by how their value is read. */
const writable = {
  code: 'requiredText',
  name: 'requiredText',
  description: 'text',
  extra_description: 'text',
  ean13: 'ean13',
  measurement_unit: 'text',
  active: 'bool',
  pays_vat: 'bool',
  quotable: 'bool',
  ecommerce: 'bool',
  sellable: 'bool',
  purchasable: 'bool',
  force_as_service_for_document_external_storage_service: 'bool',
  category_bundle: 'bool',
  item_category_id: 'id',
  item_country_code_id: 'id',
  weight: 'measure',
  volume: 'measure',
  color: 'color',
  youtube_video_url: 'url',
} as const

export type WritableColumn = keyof typeof writable
export type ColumnValue = string | number | null
export type BundleChanges = Partial<Record<WritableColumn, ColumnValue>>

const maxLength: Partial<Record<WritableColumn, number>> = {
  code: 100,
  name: 255,
  measurement_unit: 50,
  description: 5000,
  extra_description: 5000,
}

/** One entry of bundle_details_attributes. */
export interface DetailChange {
  /** Existing component (update or destroy); absent for a new one. */
  id?: number
  /** The id as sent, for the not-found message. */
  idText?: string
  destroy: boolean
  itemId?: number
  quantity?: string
}

export interface BundleForm {
  changes: BundleChanges
  /** Present when the form sets the tags (replacing them). */
  tags?: string[]
  details: DetailChange[]
  /** `{field: [messages]}` of the checks made here. */
  errors: Record<string, string[]>
}

type Errors = ReturnType<typeof errorMessagesFor>

function readColumn(column: WritableColumn, raw: unknown, errors: Errors): ColumnValue | undefined {
  const kind = writable[column]
  switch (kind) {
    case 'requiredText':
    case 'text': {
      const value = text(raw)
      if (value === undefined) return void errors.add(column, t.invalid)
      if (value === null) return kind === 'requiredText' ? void errors.add(column, t.blank) : null
      const limit = maxLength[column]
      if (limit !== undefined && characterCount(value) > limit) return void errors.add(column, t.tooLong(limit))
      return value
    }
    case 'bool':
      if (trueValues.has(raw)) return 1
      if (falseValues.has(raw)) return 0
      return void errors.add(column, t.notABoolean)
    case 'id': {
      const id = readId(raw)
      if (!id.ok) return void errors.add(column, id.message)
      return id.value
    }
    case 'measure': {
      if (raw === null || raw === '') return null
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN
      if (!Number.isFinite(n)) return void errors.add(column, t.notANumber)
      if (n < 0) return void errors.add(column, t.greaterThanOrEqual(0))
      return n
    }
    case 'ean13': {
      const value = text(raw)
      if (value === undefined) return void errors.add(column, t.invalid)
      if (value !== null && !isValidEan13(value)) return void errors.add(column, t.invalid)
      return value
    }
    case 'color': {
      const value = text(raw)
      if (value === null) return void errors.add(column, t.blank)
      if (value === undefined || !/^#[0-9A-Fa-f]{6}$/.test(value)) return void errors.add(column, t.invalid)
      return value
    }
    case 'url': {
      const value = text(raw)
      if (value === undefined || (value !== null && !/^https?:\/\/\S+$/i.test(value))) return void errors.add(column, t.invalid)
      return value
    }
  }
}

function readQuantity(raw: unknown, errors: Errors): string | undefined {
  const parsed = parseDecimal(raw)
  if (!parsed.ok) return void errors.add('bundle_details.quantity', parsed.reason === 'blank' ? t.blank : t.notANumber)
  if (parsed.value.lte(0)) return void errors.add('bundle_details.quantity', t.greaterThan(0))
  return railsDecimalString(parsed.value as Decimal)
}

function readDetail(raw: unknown, errors: Errors): DetailChange | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return void errors.add('bundle_details', t.invalid)
  const entry = raw as Record<string, unknown>
  const change: DetailChange = { destroy: trueValues.has(entry._destroy) }
  if (entry.id !== undefined && entry.id !== null && entry.id !== '') {
    const id = readId(entry.id)
    if (!id.ok || id.value === null) return void errors.add('bundle_details.id', id.ok ? t.invalid : id.message)
    change.id = id.value
    change.idText = String(entry.id)
  }
  // Rails skips a new row marked for destruction without looking at it.
  if (change.destroy) return change.id === undefined ? undefined : change
  if (entry.item_id !== undefined || change.id === undefined) {
    const item = readId(entry.item_id ?? null)
    if (!item.ok) errors.add('bundle_details.item_id', item.message)
    else if (item.value === null) errors.add('bundle_details.item_id', t.blank)
    else change.itemId = item.value
  }
  if (entry.quantity !== undefined || change.id === undefined) change.quantity = readQuantity(entry.quantity, errors)
  return change
}

/** Reads the inner object of `{bundle: {...}}`; only the fields present are changes (defaults come in saveBundle). */
export function readBundleForm(input: Record<string, unknown>): BundleForm {
  const errors = errorMessagesFor()
  const changes: BundleChanges = {}
  for (const column of Object.keys(writable) as WritableColumn[]) {
    if (!(column in input)) continue
    const value = readColumn(column, input[column], errors)
    if (value !== undefined) changes[column] = value
  }

  let tags: string[] | undefined
  if ('tag_list' in input) {
    const raw = input.tag_list
    if (raw === null || raw === '') tags = []
    else if (typeof raw === 'string' || (Array.isArray(raw) && raw.every((x) => typeof x === 'string'))) {
      tags = splitTagList(raw as string | string[])
      if (tags.some((name) => characterCount(name) > 255)) errors.add('tag_list', t.tooLong(255))
    } else errors.add('tag_list', t.invalid)
  }

  const details: DetailChange[] = []
  const rawDetails = input.bundle_details_attributes
  if (rawDetails !== undefined && rawDetails !== null) {
    // Rails takes a hash keyed by index ({"0": {...}}) or an array.
    const entries = Array.isArray(rawDetails) ? rawDetails : typeof rawDetails === 'object' ? Object.values(rawDetails) : undefined
    if (entries === undefined) errors.add('bundle_details', t.invalid)
    else
      for (const entry of entries) {
        const change = readDetail(entry, errors)
        if (change) details.push(change)
      }
  }
  return { changes, tags, details, errors: errors.fields }
}

/** What a new bundle has unless the form says otherwise. */
export const newBundleDefaults: Readonly<BundleChanges> = {
  active: 1,
  pays_vat: 1,
  quotable: 1,
  ecommerce: 0,
  sellable: 1,
  purchasable: 0,
  force_as_service_for_document_external_storage_service: 0,
  category_bundle: 0,
  color: '#FFFFFF',
}
