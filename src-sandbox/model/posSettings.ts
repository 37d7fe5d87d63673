import type { Sqlite } from '@base/sqlite'
import { readSettings } from './sandboxSettings'

/** The POS setting "filter destinations by agency category", read per request (the control door may change it). */
export function filterDestinationsByCategory(db: Sqlite): boolean {
  return readSettings(db).filter_destinations_by_agency_category === true
}
