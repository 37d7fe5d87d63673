import type { Sqlite } from '@base/sqlite'

export interface MembershipRow {
  id: number
  entity_id: number
  entity_name: string
  current: number
  active: number
}

export function listMemberships(db: Sqlite, userId: number): MembershipRow[] {
  return db
    .prepare<[number], MembershipRow>(
      `SELECT m.id, m.entity_id, e.name AS entity_name, m.current, m.active
       FROM memberships m JOIN entities e ON e.id = m.entity_id
       WHERE m.user_id = ? ORDER BY m.id`,
    )
    .all(userId)
}

/** The entity the service treats as the user's current one: read on every request, never cached. */
export function currentEntityId(db: Sqlite, userId: number): number | undefined {
  const row = db
    .prepare<[number], { entity_id: number }>('SELECT entity_id FROM memberships WHERE user_id = ? AND current = 1 AND active = 1')
    .get(userId)
  return row?.entity_id
}

/** Makes `entityId` current for the user; false (and no change) unless they hold an active membership there. */
export function selectCurrentEntity(db: Sqlite, userId: number, entityId: number): boolean {
  return db.transaction(() => {
    const target = db
      .prepare<[number, number], { id: number }>('SELECT id FROM memberships WHERE user_id = ? AND entity_id = ? AND active = 1')
      .get(userId, entityId)
    if (!target) return false
    db.prepare('UPDATE memberships SET current = (id = ?) WHERE user_id = ?').run(target.id, userId)
    return true
  })()
}
