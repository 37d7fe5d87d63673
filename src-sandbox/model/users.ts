import { createHash, timingSafeEqual } from 'node:crypto'
import type { Sqlite } from '@base/sqlite'

export interface UserRow {
  id: number
  email: string
  token: string
  name: string
  mobile_phone: string | null
  language: string
  time_zone: string
  created_at: string
  updated_at: string
}

export function findUser(db: Sqlite, id: number): UserRow | undefined {
  return db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(id)
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest()
}

/** The user whose e-mail and token both match; tokens are compared in constant time. */
export function findUserByCredentials(db: Sqlite, email: string, token: string): UserRow | undefined {
  const user = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?').get(email.trim())
  if (!user) return undefined
  return timingSafeEqual(digest(user.token), digest(token)) ? user : undefined
}

export function listUsers(db: Sqlite): UserRow[] {
  return db.prepare<[], UserRow>('SELECT * FROM users ORDER BY id').all()
}

/** A new token for a user (as when an administrator revokes the old one): the old one stops working at once. */
export function replaceToken(db: Sqlite, id: number, token: string, updatedAt: string): boolean {
  return db.prepare('UPDATE users SET token = ?, updated_at = ? WHERE id = ?').run(token, updatedAt, id).changes === 1
}

export type ProfileChange = Partial<Pick<UserRow, 'name' | 'mobile_phone' | 'language' | 'time_zone'>>

export function updateUserProfile(db: Sqlite, id: number, change: ProfileChange, updatedAt: string): void {
  const columns = (['name', 'mobile_phone', 'language', 'time_zone'] as const).filter((c) => change[c] !== undefined)
  if (columns.length === 0) return
  db.prepare(`UPDATE users SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(
    ...columns.map((c) => change[c] ?? null),
    updatedAt,
    id,
  )
}
