/**
 * The service runs on PostgreSQL, whose LIKE is case-sensitive and whose ILIKE
 * folds all of Unicode; SQLite's LIKE folds ASCII only and ignores case. To
 * answer `_like`/`_ilike` the way the service does, patterns are matched in JS.
 *
 * Pattern rules (PostgreSQL): `%` any run of characters, `_` one character,
 * `\` makes the next character literal; the pattern must match the whole value.
 */
export function likePatternToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '^'
  const chars = Array.from(pattern)
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!
    if (c === '\\') {
      const next = chars[++i]
      // A trailing backslash is an error in PostgreSQL; treating it as a literal is kinder in a sandbox.
      source += escapeRegExp(next ?? '\\')
    } else if (c === '%') source += '.*'
    else if (c === '_') source += '.'
    else source += escapeRegExp(c)
  }
  return new RegExp(`${source}$`, caseInsensitive ? 'isu' : 'su')
}

/** Only the syntax characters: under the `u` flag escaping anything else is an error. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** A bounded cache: a client repeating one search must not recompile its pattern per row. */
export class LikeMatcher {
  private readonly cache = new Map<string, RegExp>()
  constructor(
    private readonly caseInsensitive: boolean,
    private readonly capacity = 256,
  ) {}

  matches(value: string, pattern: string): boolean {
    let re = this.cache.get(pattern)
    if (!re) {
      re = likePatternToRegExp(pattern, this.caseInsensitive)
      if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value as string)
      this.cache.set(pattern, re)
    }
    return re.test(value)
  }
}
