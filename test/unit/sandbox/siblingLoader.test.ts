import { describe, expect, it } from 'vitest'
import type { Row } from '@sandbox/graphql/queryRunner'
import { SiblingLoader } from '@sandbox/graphql/siblingLoader'
import type { SqlValue } from '@sandbox/graphql/sqlFragment'

const rows = (...categoryIds: (number | null)[]): Row[] => categoryIds.map((c, i) => ({ id: i + 1, category_id: c }))

describe('SiblingLoader', () => {
  it('loads a relation once for all rows fetched together, with each key once', () => {
    const loader = new SiblingLoader()
    const items = loader.track(rows(7, 8, 7, null))
    const runs: SqlValue[][] = []
    const run = (keys: SqlValue[]) => {
      runs.push(keys)
      return new Map(keys.filter((k) => k !== 8).map((k) => [k, `category ${String(k)}`]))
    }
    expect(items.map((row) => loader.load(row, 'items.category', 'category_id', null, run))).toEqual([
      'category 7',
      null,
      'category 7',
      null,
    ])
    expect(runs).toEqual([[7, 8]])
  })

  it('keeps separate fetches and separate relations apart', () => {
    const loader = new SiblingLoader()
    const first = loader.track(rows(1, 2))
    const second = loader.track(rows(3))
    const runs: string[] = []
    const run = (name: string) => (keys: SqlValue[]) => {
      runs.push(`${name}:${keys.join(',')}`)
      return new Map(keys.map((k) => [k, k]))
    }
    for (const row of [...first, ...second]) {
      loader.load(row, 'a', 'category_id', null, run('a'))
      loader.load(row, 'b', 'category_id', null, run('b'))
    }
    expect(runs).toEqual(['a:1,2', 'b:1,2', 'a:3', 'b:3'])
  })

  it('answers a row it was never told about on its own', () => {
    const loader = new SiblingLoader()
    expect(loader.load({ category_id: 5 }, 'x', 'category_id', 0, (keys) => new Map(keys.map((k) => [k, 1])))).toBe(1)
  })
})
