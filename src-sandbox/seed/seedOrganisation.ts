import type { Sqlite } from '@base/sqlite'
import { defaultSettings } from '../model/sandboxSettings'
import { agencyCategorySeeds, employeeSeeds, entitySeeds, membershipSeeds, userSeeds, userTimestamps } from './organisationData'
import { agenciesFor } from './scaleAgencies'
import type { SeedParams } from './seedParams'

/** Entities (companies), users, memberships, agencies, employees and the default settings. */
export function seedOrganisation(db: Sqlite, params: SeedParams): void {
  const entityColumns = Object.keys(entitySeeds[0]!)
  const insertEntity = db.prepare(`INSERT INTO entities (${entityColumns.join(', ')}) VALUES (${entityColumns.map(() => '?').join(', ')})`)
  for (const e of entitySeeds) insertEntity.run(...entityColumns.map((c) => (e as unknown as Record<string, unknown>)[c]))

  const insertUser = db.prepare(
    'INSERT INTO users (id, email, token, name, mobile_phone, language, time_zone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  for (const u of userSeeds) {
    insertUser.run(
      u.id,
      u.email,
      u.token,
      u.name,
      u.mobile_phone,
      u.language,
      u.time_zone,
      userTimestamps.created_at,
      userTimestamps.updated_at,
    )
  }

  const insertMembership = db.prepare('INSERT INTO memberships (id, user_id, entity_id, current, active) VALUES (?, ?, ?, ?, ?)')
  for (const m of membershipSeeds) insertMembership.run(m.id, m.user_id, m.entity_id, m.current, m.active)

  const insertCategory = db.prepare('INSERT INTO agency_categories (id, entity_id, name) VALUES (?, ?, ?)')
  for (const c of agencyCategorySeeds) insertCategory.run(c.id, c.entity_id, c.name)

  const insertAgency = db.prepare(
    'INSERT INTO agencies (id, entity_id, agency_category_id, name, address, active) VALUES (?, ?, ?, ?, ?, ?)',
  )
  for (const a of agenciesFor(params.scale)) insertAgency.run(a.id, a.entity_id, a.agency_category_id, a.name, a.address, a.active)

  const insertEmployee = db.prepare('INSERT INTO employees (id, entity_id, user_id, agency_id, name) VALUES (?, ?, ?, ?, ?)')
  for (const e of employeeSeeds) insertEmployee.run(e.id, e.entity_id, e.user_id, e.agency_id, e.name)

  const insertSetting = db.prepare('INSERT INTO sandbox_settings (key, value) VALUES (?, ?)')
  for (const [key, value] of Object.entries(defaultSettings())) insertSetting.run(key, JSON.stringify(value))
}
