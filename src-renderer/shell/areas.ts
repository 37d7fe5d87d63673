import type { Component } from 'vue'
import {
  BusinessOutline,
  CartOutline,
  CodeSlashOutline,
  CubeOutline,
  DocumentTextOutline,
  GridOutline,
  LayersOutline,
  PersonCircleOutline,
  ReceiptOutline,
  CarOutline,
  SettingsOutline,
  StorefrontOutline,
  ConstructOutline,
  ListOutline,
  SyncOutline,
  HelpCircleOutline,
  PulseOutline,
} from '@vicons/ionicons5'
import type es from '../i18n/es'

export type AreaKey = keyof (typeof es)['areas']

/** A screen reachable from the side menu. `built: false` shows the "coming later" page. */
export interface Screen {
  key: AreaKey
  path: string
  icon: Component
  built: boolean
}

/** A top-level menu entry: a screen, or a group of them. Alt+<shortcut> opens its first screen. */
export interface Area {
  key: AreaKey
  icon: Component
  shortcut: number
  screens: Screen[]
}

export const areas: Area[] = [
  {
    key: 'catalogue',
    icon: CubeOutline,
    shortcut: 1,
    screens: [{ key: 'catalogue', path: '/catalogue', icon: CubeOutline, built: true }],
  },
  {
    key: 'counter',
    icon: StorefrontOutline,
    shortcut: 2,
    screens: [
      { key: 'newBooking', path: '/counter', icon: StorefrontOutline, built: true },
      { key: 'bookings', path: '/counter/bookings', icon: ListOutline, built: true },
      { key: 'syncCentre', path: '/counter/sync', icon: SyncOutline, built: true },
    ],
  },
  {
    key: 'dispatch',
    icon: CarOutline,
    shortcut: 3,
    screens: [{ key: 'dispatch', path: '/dispatch', icon: CarOutline, built: true }],
  },
  {
    key: 'purchasing',
    icon: CartOutline,
    shortcut: 4,
    screens: [
      { key: 'consolidates', path: '/purchasing/consolidates', icon: LayersOutline, built: true },
      { key: 'receptions', path: '/purchasing/receptions', icon: ReceiptOutline, built: true },
    ],
  },
  {
    key: 'administration',
    icon: SettingsOutline,
    shortcut: 5,
    screens: [
      { key: 'profile', path: '/admin/profile', icon: PersonCircleOutline, built: true },
      { key: 'company', path: '/admin/company', icon: BusinessOutline, built: true },
      { key: 'pieceworkTypeGroups', path: '/admin/piecework-type-groups', icon: ConstructOutline, built: true },
      { key: 'documentStructures', path: '/admin/document-structures', icon: DocumentTextOutline, built: true },
      { key: 'dynamicTables', path: '/admin/dynamic-tables', icon: GridOutline, built: true },
      { key: 'graphql', path: '/admin/graphql', icon: CodeSlashOutline, built: true },
    ],
  },
  {
    key: 'help',
    icon: HelpCircleOutline,
    shortcut: 6,
    screens: [{ key: 'diagnostics', path: '/help/diagnostics', icon: PulseOutline, built: true }],
  },
]

export const screens: Screen[] = areas.flatMap((a) => a.screens)
