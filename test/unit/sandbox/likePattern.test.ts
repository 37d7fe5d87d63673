import { describe, expect, it } from 'vitest'
import { LikeMatcher, likePatternToRegExp } from '@sandbox/store/likePattern'

const like = (value: string, pattern: string) => likePatternToRegExp(pattern, false).test(value)
const ilike = (value: string, pattern: string) => likePatternToRegExp(pattern, true).test(value)

describe('LIKE patterns, PostgreSQL semantics', () => {
  it('% matches any run, _ exactly one character, over the whole value', () => {
    expect(like('Martillo 16 oz', 'Martillo%')).toBe(true)
    expect(like('Martillo 16 oz', '%16%')).toBe(true)
    expect(like('Martillo', 'Martill_')).toBe(true)
    expect(like('Martillo', 'Martil_')).toBe(false)
    expect(like('Martillo', 'artillo')).toBe(false)
    expect(like('', '%')).toBe(true)
    expect(like('a\nb', 'a%b')).toBe(true)
  })

  it('LIKE is case-sensitive, ILIKE folds case including accented letters', () => {
    expect(like('Tornillería', 'tornillería')).toBe(false)
    expect(ilike('Tornillería', 'TORNILLERÍA')).toBe(true)
    expect(ilike('Ñandú', 'ñANDÚ')).toBe(true)
    // Accents are letters, not decorations: ILIKE does not ignore them.
    expect(ilike('Tornillería', 'tornilleria')).toBe(false)
  })

  it('treats regular-expression characters and backslash escapes literally', () => {
    expect(like('a.b', 'a.b')).toBe(true)
    expect(like('axb', 'a.b')).toBe(false)
    expect(like('1/2" (caja)', '1/2" (caja)')).toBe(true)
    expect(like('TOR-00001', 'TOR-%')).toBe(true)
    expect(like('100%', '100\\%')).toBe(true)
    expect(like('1000', '100\\%')).toBe(false)
    expect(like('a_b', 'a\\_b')).toBe(true)
    expect(like('axb', 'a\\_b')).toBe(false)
    expect(like('[x]+?', '[x]+?')).toBe(true)
  })

  it('caches compiled patterns without growing past its capacity', () => {
    const m = new LikeMatcher(true, 2)
    expect(m.matches('Abc', 'a%')).toBe(true)
    expect(m.matches('Abc', 'b%')).toBe(false)
    expect(m.matches('Abc', '%C')).toBe(true)
    expect(m.matches('Abc', 'a%')).toBe(true)
  })
})
