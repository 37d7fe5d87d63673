import { describe, expect, it } from 'vitest'
import { catalogueRefusals, type CatalogueFacts } from '@shared/bookingLines'

/** A catalogue of two items (one withdrawn), a lot of each, two agencies and a withdrawn bundle. */
const facts: CatalogueFacts = {
  item: (id) =>
    ({ 1: { code: 'SEG-1', name: 'Guantes', active: true }, 2: { code: 'OLD-2', name: 'Casco viejo', active: false } })[id] ?? null,
  lot: (id) => ({ 10: { itemId: 1, name: 'L-10' }, 20: { itemId: 2, name: 'L-20' } })[id] ?? null,
  agency: (id) =>
    ({ 301: { name: 'Central', active: true }, 302: { name: 'Norte', active: null }, 305: { name: 'Cerrada', active: false } })[id] ?? null,
  bundle: (id) => ({ 7: { code: 'KIT-7', name: 'Kit retirado', active: false } })[id] ?? null,
}

describe('what the cached catalogue refuses at entry', () => {
  it('nothing, when every record is there and active', () => {
    expect(catalogueRefusals({ agencyFromId: 301, agencyToId: 302, lines: [{ itemId: 1, lotId: 10 }] }, facts)).toEqual({})
  })

  it('an unknown or inactive item, with the line and the product named', () => {
    const refused = catalogueRefusals({ lines: [{ itemId: 1 }, { itemId: 99 }, { itemId: 2 }] }, facts)
    expect(Object.keys(refused)).toEqual(['lines[1].itemId', 'lines[2].itemId'])
    expect(refused['lines[1].itemId']?.[0]).toContain('99')
    expect(refused['lines[2].itemId']?.[0]).toContain('OLD-2 «Casco viejo»')
  })

  it("an unknown lot, and a lot of another item than the line's", () => {
    const refused = catalogueRefusals(
      {
        lines: [
          { itemId: 1, lotId: 99 },
          { itemId: 1, lotId: 20 },
        ],
      },
      facts,
    )
    expect(Object.keys(refused)).toEqual(['lines[0].lotId', 'lines[1].lotId'])
    expect(refused['lines[1].lotId']?.[0]).toContain('SEG-1 «Guantes»')
  })

  it('an unknown agency on either side, and one the cache knows is inactive', () => {
    expect(Object.keys(catalogueRefusals({ agencyFromId: 999, agencyToId: 305 }, facts))).toEqual(['agencyFromId', 'agencyToId'])
  })

  it('a line of an unknown or withdrawn bundle', () => {
    const refused = catalogueRefusals(
      {
        lines: [
          { itemId: 1, bundleId: 7 },
          { itemId: 1, bundleId: 8 },
        ],
      },
      facts,
    )
    expect(Object.keys(refused)).toEqual(['lines[0].bundleId', 'lines[1].bundleId'])
    expect(refused['lines[0].bundleId']?.[0]).toContain('KIT-7')
  })

  it('leaves alone the lines it is told need no check', () => {
    expect(catalogueRefusals({ lines: [{ itemId: 2 }] }, facts, (l) => l.itemId !== 2)).toEqual({})
  })
})
