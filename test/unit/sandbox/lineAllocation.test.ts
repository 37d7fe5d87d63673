import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { allocateLines, type AllocationLine, type LotAvailability } from '@sandbox/model/lineAllocation'

const lots: Record<number, LotAvailability[]> = {
  1: [
    { lotId: 11, name: 'L-A', available: new Decimal(6) },
    { lotId: 12, name: 'L-B', available: new Decimal(30) },
    { lotId: 13, name: 'L-C', available: new Decimal(0) },
  ],
  2: [{ lotId: 21, name: 'GENERAL', available: new Decimal('1') }],
  3: [],
}
const line = (index: number | undefined, itemId: number, quantity: string, lotId: number | null = null): AllocationLine => ({
  index,
  itemId,
  itemCode: `I-${itemId}`,
  quantity: new Decimal(quantity),
  lotId,
})
const allocate = (lines: AllocationLine[]) => allocateLines(lines, (id) => lots[id] ?? [], 'Tienda')

describe('allocateLines', () => {
  it('gives a line without a lot the first lot by expiry that covers it', () => {
    expect(allocate([line(0, 1, '4'), line(1, 1, '3'), line(2, 1, '2')])).toEqual({ lots: [11, 12, 11], errors: new Map() })
  })

  it('keeps the lot asked for when it covers the line', () => {
    expect(allocate([line(0, 1, '20', 12)]).lots).toEqual([12])
  })

  it('refuses over-booking with the item, the agency and what is left, counting earlier lines', () => {
    const result = allocate([line(0, 2, '1'), line(1, 2, '0.5')])
    expect(result.lots).toEqual([21, null])
    expect(result.errors).toEqual(new Map([[1, 'excede la existencia disponible de I-2 en Tienda (disponible: 0.0)']]))
  })

  it('names the lot asked for, and says when no single lot holds what the lots hold together', () => {
    expect(allocate([line(0, 1, '7', 11)]).errors.get(0)).toBe(
      'excede la existencia disponible de I-1, lote L-A, en Tienda (disponible: 6.0)',
    )
    expect(allocate([line(0, 1, '33')]).errors.get(0)).toBe(
      'excede la existencia disponible de I-1 en un solo lote en Tienda (disponible: 30.0; 36.0 entre todos sus lotes)',
    )
    expect(allocate([line(0, 1, '36.5')]).errors.get(0)).toBe('excede la existencia disponible de I-1 en Tienda (disponible: 36.0)')
    expect(allocate([line(0, 3, '1')]).errors.get(0)).toBe('excede la existencia disponible de I-3 en Tienda (disponible: 0.0)')
  })

  it('places lines the request leaves alone first, whatever their position', () => {
    // The untouched line held its unit already; the new line (sent first) is the one refused.
    const result = allocate([line(0, 2, '1'), line(undefined, 2, '1', 21)])
    expect(result.lots).toEqual([null, 21])
    expect([...result.errors.keys()]).toEqual([0])
  })

  it('reports an untouched line that no longer fits under -1', () => {
    expect([...allocate([line(undefined, 2, '2', 21)]).errors.keys()]).toEqual([-1])
  })
})
