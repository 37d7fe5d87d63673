import type { StatementCache } from '../store/statementCache'

export interface AgencyRow {
  id: number
  entity_id: number
  agency_category_id: number | null
  name: string
  address: string | null
  active: number
}

export function findAgency(statements: StatementCache, entityId: number, id: number): AgencyRow | undefined {
  return statements.get<[number, number], AgencyRow>('SELECT * FROM agencies WHERE id = ? AND entity_id = ?').get(id, entityId)
}

/**
 * The caller's agency: the agency of their employee record in the entity
 * (the SDK's `employees(where: {user_id: {_eq: ID}}) { agency_id }`).
 */
export function callerAgency(statements: StatementCache, entityId: number, userId: number): AgencyRow | undefined {
  return statements
    .get<[number, number], AgencyRow>(
      `SELECT a.* FROM employees e JOIN agencies a ON a.id = e.agency_id
       WHERE e.user_id = ? AND e.entity_id = ? ORDER BY e.id LIMIT 1`,
    )
    .get(userId, entityId)
}

/**
 * Where a booking from `origin` may go: the entity's other active agencies,
 * only those of the origin's category when the POS setting says so.
 */
export function destinationAgencies(statements: StatementCache, origin: AgencyRow, sameCategoryOnly: boolean): AgencyRow[] {
  return statements
    .get<[number, number, number, number | null], AgencyRow>(
      `SELECT * FROM agencies WHERE entity_id = ? AND id <> ? AND active = 1
         AND (? = 0 OR agency_category_id IS ?) ORDER BY id`,
    )
    .all(origin.entity_id, origin.id, sameCategoryOnly ? 1 : 0, origin.agency_category_id)
}
