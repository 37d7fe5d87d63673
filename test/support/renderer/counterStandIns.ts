import type { CounterSetup } from '@shared/counter'
import { lotFreshness } from '@shared/lots'
import { i18n } from '@renderer/i18n'
import type { NewBookingScreen } from '@renderer/areas/counter/composables/newBookingScreen'

/** A counter's setup as the core answers it: the station's agency and one destination, on 2026-11-28. */
export const counterSetup: CounterSetup = {
  agency: { id: 1, name: 'Tienda Zona 1', agencyCategoryId: null },
  destinations: [{ id: 2, name: 'Bodega Norte', agencyCategoryId: null }],
  filteredByCategory: false,
  unavailable: [],
  agencies: [],
  today: '2026-11-28',
  refreshedAt: '2026-11-28T08:00:00Z',
}

/** A stand-in of the new booking's screen: `asked` records what the form asked of it, `said` what it told the clerk. */
export function newBookingScreen(): { stand: NewBookingScreen; asked: string[]; said: [string, string][] } {
  const asked: string[] = []
  const said: [string, string][] = []
  const stand: NewBookingScreen = {
    t: (key, values) => i18n.global.t(key, values ?? {}),
    day: (d) => d,
    today: () => '2026-11-28',
    freshness: (expires) => lotFreshness(expires, '2026-11-28', 30),
    focusLot: (key) => asked.push(`focus lot ${key}`),
    focusScan: () => asked.push('focus scan'),
    focusField: (field) => asked.push(`focus ${field}`),
    focusQuantity: (key) => asked.push(`focus quantity ${key}`),
    revealSelected: () => asked.push('reveal line'),
    revealMissing: () => asked.push('reveal missing'),
    say: (kind, text) => said.push([kind, text]),
    confirmDiscard: (discard) => discard(),
    toBookings: async () => asked.push('to bookings'),
  }
  return { stand, asked, said }
}
