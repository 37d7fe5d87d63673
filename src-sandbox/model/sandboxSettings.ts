import { z } from 'zod'
import type { Sqlite } from '@base/sqlite'

/**
 * Service-side settings the screens depend on and the seed does not show (POS
 * settings, purchasing prerequisites). They are data of the demo company, so a
 * reset puts them back to these defaults. Each later area adds its keys here.
 */
interface SettingDefinition {
  schema: z.ZodType
  default: unknown
  description: string
}

export const settingDefinitions: Readonly<Record<string, SettingDefinition>> = {
  filter_destinations_by_agency_category: {
    schema: z.boolean(),
    default: false,
    description: 'Bookings may only go to agencies of the origin agency’s category.',
  },
  // Purchasing: the three prerequisites of a special-invoice consolidate (the spec's list); off makes create_for_special_invoice refuse.
  special_invoice_charge_term: {
    schema: z.boolean(),
    default: true,
    description: 'The entity has a charge term with force_price_without_taxes active.',
  },
  item_for_consolidates: {
    schema: z.boolean(),
    default: true,
    description: 'The purchasing variable item_for_consolidates names an item.',
  },
  special_invoice_numbering: {
    schema: z.boolean(),
    default: true,
    description: 'Special invoices are numbered automatically.',
  },
  // The real service shows no promise that a booking's memo sent on create is kept: off, the sandbox drops it,
  // and the client holds a lost create for the clerk instead of finding it by its marker.
  booking_memo_kept: {
    schema: z.boolean(),
    default: true,
    description: 'A memo sent with a new booking is kept (false: dropped, as a service that ignores it).',
  },
  // A real service may deny a role some tables; the client must say so rather than act as if they were empty.
  graphql_refused_root_fields: {
    schema: z.array(z.string().min(1)),
    default: [],
    description: 'GraphQL root fields answered as Hasura answers a role without permission on them (validation-failed).',
  },
}

export type SettingsMap = Record<string, unknown>

export function defaultSettings(): SettingsMap {
  return Object.fromEntries(Object.entries(settingDefinitions).map(([key, def]) => [key, def.default]))
}

export function readSettings(db: Sqlite): SettingsMap {
  const rows = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM sandbox_settings ORDER BY key').all()
  const settings = defaultSettings()
  for (const row of rows) settings[row.key] = JSON.parse(row.value) as unknown
  return settings
}

/**
 * Validates every key before writing any: a change is all or nothing. A null
 * value puts the key back to its default.
 */
export function writeSettings(db: Sqlite, change: SettingsMap): SettingsMap {
  const problems: string[] = []
  const values = new Map<string, unknown>()
  for (const [key, value] of Object.entries(change)) {
    const def = settingDefinitions[key]
    if (!def) {
      problems.push(`unknown setting "${key}" (known: ${Object.keys(settingDefinitions).join(', ')})`)
      continue
    }
    const parsed = value === null ? { success: true as const, data: def.default } : def.schema.safeParse(value)
    if (!parsed.success) problems.push(`${key}: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
    else values.set(key, parsed.data)
  }
  if (problems.length > 0) throw new Error(problems.join('; '))
  const upsert = db.prepare(
    'INSERT INTO sandbox_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  )
  db.transaction(() => {
    for (const [key, value] of values) upsert.run(key, JSON.stringify(value))
  })()
  return readSettings(db)
}
