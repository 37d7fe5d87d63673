import { describe, expect, it } from 'vitest'
import { requests } from '@shared/contract'
import { preferences } from '@shared/domain'
import { defaultPreferences } from '@shared/preferenceValues'

describe('preferences', () => {
  it('a change names only what it changes: switching the theme keeps the station', () => {
    expect(requests['preferences.set'].input.parse({ theme: 'dark' })).toEqual({ theme: 'dark' })
  })

  it('a computer that has chosen nothing reads as the defaults a window starts with', () => {
    // The window takes its defaults from preferenceValues.ts without building the schema: the two must agree.
    expect(preferences.parse({ theme: 'system', language: null })).toEqual(defaultPreferences)
  })

  it('reads settings written before stations existed as "not chosen"', () => {
    expect(preferences.parse({ theme: 'light', language: 'es' })).toEqual({
      theme: 'light',
      language: 'es',
      station: null,
      receptionCount: 'scan',
      nearExpiryDays: 30,
      dispatchView: 'cards',
      toursSeen: [],
      stockAgencies: [],
      printer: null,
      paper: 'a4',
      printSlipOnSave: false,
    })
  })

  it('keeps how receptions start: counted by scanning unless pre-filled was chosen, and only a known choice', () => {
    expect(preferences.parse({ theme: 'light', language: null, station: 'warehouse', receptionCount: 'prefilled' }).receptionCount).toBe(
      'prefilled',
    )
    expect(requests['preferences.set'].input.parse({ receptionCount: 'scan', nearExpiryDays: 30 })).toEqual({
      receptionCount: 'scan',
      nearExpiryDays: 30,
    })
    expect(() => requests['preferences.set'].input.parse({ receptionCount: 'guess' })).toThrow()
  })

  it('remembers which stations have seen their tour; settings from before the tours count the chosen station as seen', () => {
    expect(
      preferences.parse({ theme: 'light', language: null, station: 'counter', toursSeen: ['counter', 'warehouse'] }).toursSeen,
    ).toEqual(['counter', 'warehouse'])
    // A computer already set up before the tours existed is not shown its own station's tour out of the blue.
    expect(preferences.parse({ theme: 'light', language: null, station: 'warehouse' }).toursSeen).toEqual(['warehouse'])
    expect(preferences.parse({ theme: 'light', language: null }).toursSeen).toEqual([])
    // A change that marks a tour names only that.
    expect(requests['preferences.set'].input.parse({ toursSeen: ['counter'] })).toEqual({ toursSeen: ['counter'] })
    expect(() => requests['preferences.set'].input.parse({ toursSeen: ['kitchen'] })).toThrow()
  })

  it('keeps the station’s printer, paper and slip on save, and takes only a known paper', () => {
    const chosen = { printer: 'EPSON_TM_T20', paper: 'receipt58', printSlipOnSave: true }
    expect(preferences.parse({ theme: 'light', language: null, ...chosen })).toMatchObject(chosen)
    expect(requests['preferences.set'].input.parse({ paper: 'receipt80' })).toEqual({ paper: 'receipt80' })
    // Back to the system's default printer.
    expect(requests['preferences.set'].input.parse({ printer: null })).toEqual({ printer: null })
    for (const bad of [{ paper: 'a3' }, { printer: '' }, { printSlipOnSave: 'yes' }]) {
      expect(() => requests['preferences.set'].input.parse(bad)).toThrow()
    }
  })
})
