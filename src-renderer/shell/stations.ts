import type { Station } from '@shared/domain'
import { usePreferencesStore } from '../stores/preferences'
import type { AreaKey } from './areas'

/** Where each station lands, and the menu's order for it (Alt+number stays with its area whatever the order). */
interface StationLayout {
  home: string
  areas: AreaKey[]
  /** Groups that start folded: the back office's screens on a counter or in a warehouse. */
  folded: AreaKey[]
}

export const stationLayouts: Record<Station, StationLayout> = {
  counter: {
    home: '/counter',
    areas: ['counter', 'catalogue', 'dispatch', 'purchasing', 'administration', 'help'],
    folded: ['administration'],
  },
  warehouse: {
    home: '/dispatch',
    areas: ['dispatch', 'counter', 'catalogue', 'purchasing', 'administration', 'help'],
    folded: ['administration'],
  },
  backOffice: { home: '/catalogue', areas: ['catalogue', 'purchasing', 'counter', 'dispatch', 'administration', 'help'], folded: [] },
}

export const stations = Object.keys(stationLayouts) as Station[]

/** Not chosen yet: the profile, where the shell asks what this computer is for. */
export const unchosenHome = '/admin/profile'

export function homePathFor(station: Station | null): string {
  return station ? stationLayouts[station].home : unchosenHome
}

/** The first screen of this computer now (the preferences store must be loaded; the router waits for it). */
export function landingPath(): string {
  return homePathFor(usePreferencesStore().preferences.station)
}
