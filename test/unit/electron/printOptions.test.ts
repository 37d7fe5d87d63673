import { describe, expect, it } from 'vitest'
import { MIN_ROLL_PAGE_MM } from '@shared/printing'
import { printOptions } from '../../../src-main/electron/printOptions'

// Issue 33, item 4: paper without a dialog. What the station chose reaches the printer: its name, its paper.
describe('the print call for a station', () => {
  it('prints a sheet silently to the chosen printer at its named size, with the printer’s margins', () => {
    for (const [paper, pageSize] of [
      ['a4', 'A4'],
      ['letter', 'Letter'],
    ] as const) {
      expect(printOptions({ paper, deviceName: 'Oficina HP', documentHeightMm: 120 })).toMatchObject({
        silent: true,
        deviceName: 'Oficina HP',
        pageSize,
        margins: { marginType: 'default' },
      })
    }
  })

  it('prints on a roll at its width, edge to edge, on a page as long as the document', () => {
    expect(printOptions({ paper: 'receipt80', deviceName: 'EPSON TM-T20', documentHeightMm: 143.2 })).toMatchObject({
      silent: true,
      deviceName: 'EPSON TM-T20',
      pageSize: { width: 80_000, height: 144_000 },
      margins: { marginType: 'none' },
    })
    expect(printOptions({ paper: 'receipt58', deviceName: 'POS-58', documentHeightMm: 200 })).toMatchObject({
      pageSize: { width: 58_000, height: 200_000 },
      margins: { marginType: 'none' },
    })
  })

  it('never cuts a roll shorter than a slip can be torn at', () => {
    expect(printOptions({ paper: 'receipt58', deviceName: 'POS-58', documentHeightMm: 12 }).pageSize).toEqual({
      width: 58_000,
      height: MIN_ROLL_PAGE_MM * 1000,
    })
  })

  it('names no printer when the station keeps the system’s default', () => {
    const options = printOptions({ paper: 'letter', deviceName: '', documentHeightMm: 100 })
    expect(options).toMatchObject({ silent: true, pageSize: 'Letter' })
    expect(options).not.toHaveProperty('deviceName')
  })
})
