import { describe, expect, it } from 'vitest'
import { fieldKind, namedField } from '@renderer/areas/admin/documentFieldWords'

describe('document fields in words', () => {
  it('says each data type as a kind of value', () => {
    expect(fieldKind('taxable', 'boolean')).toBe('yesNo')
    expect(fieldKind('priority', 'integer')).toBe('wholeNumber')
    expect(fieldKind('amount', 'decimal')).toBe('decimal')
    expect(fieldKind('starts_on', 'date')).toBe('date')
    expect(fieldKind('reference', 'string')).toBe('text')
  })

  it('an integer that ends in _id points at another record', () => {
    expect(fieldKind('payee_id', 'integer')).toBe('record')
  })

  it('knows the usual fields by name and leaves others to their code', () => {
    expect(namedField('payee_id')).toBe('payee_id')
    expect(namedField('custom_x')).toBeNull()
    expect(fieldKind('custom_x', 'jsonb')).toBeNull()
  })
})
