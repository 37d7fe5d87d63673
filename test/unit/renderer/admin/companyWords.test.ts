import { describe, expect, it } from 'vitest'
import { costingMethodOf, countryLabel, currencyLabel } from '@renderer/areas/admin/companyWords'

const quetzal = { id: 1, code: 'GTQ', symbol: 'Q', country: 'Guatemala' }

describe('the Company screen writes names, not ids', () => {
  it('names the company currency in the clerk language, with its code', () => {
    expect(currencyLabel(1, quetzal, 'es')).toBe('Quetzal guatemalteco (GTQ)')
    expect(currencyLabel(1, quetzal, 'en')).toBe('Guatemalan Quetzal (GTQ)')
  })

  it('says nothing rather than a wrong name when the currency read is another one or none', () => {
    expect(currencyLabel(2, quetzal, 'es')).toBeNull()
    expect(currencyLabel(1, null, 'es')).toBeNull()
    expect(currencyLabel(null, quetzal, 'es')).toBeNull()
  })

  it('writes a code Intl does not know as the code alone', () => {
    expect(currencyLabel(7, { id: 7, code: 'PTS', symbol: 'P', country: null }, 'es')).toBe('PTS')
  })

  it('names a country from its ISO code', () => {
    expect(countryLabel('GT', 'es')).toBe('Guatemala')
    expect(countryLabel('US', 'es')).toBe('Estados Unidos')
    expect(countryLabel(null, 'es')).toBeNull()
  })

  it('knows the costing methods the service names, and no others', () => {
    expect(costingMethodOf('average')).toBe('average')
    expect(costingMethodOf(' FIFO ')).toBe('fifo')
    expect(costingMethodOf('promedio')).toBeNull()
  })
})
