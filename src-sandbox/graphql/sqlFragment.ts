/**
 * A piece of SQL and the values for its `?` placeholders, in order. Values
 * only ever travel as parameters; text only ever comes from table
 * descriptions and fixed keywords.
 */
export type SqlValue = string | number | bigint | null

export interface Fragment {
  text: string
  params: SqlValue[]
}

export function sql(text: string, ...params: SqlValue[]): Fragment {
  return { text, params }
}

export function concat(...parts: (Fragment | string)[]): Fragment {
  const out: Fragment = { text: '', params: [] }
  for (const part of parts) {
    if (typeof part === 'string') out.text += part
    else {
      out.text += part.text
      out.params.push(...part.params)
    }
  }
  return out
}

export function join(parts: readonly Fragment[], separator: string): Fragment {
  const out: Fragment = { text: '', params: [] }
  parts.forEach((part, i) => {
    if (i > 0) out.text += separator
    out.text += part.text
    out.params.push(...part.params)
  })
  return out
}

/** Identifiers come from table descriptions, which only allow [a-z0-9_]; quoting is belt and braces. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

export function columnRef(alias: string, column: string): string {
  return `${alias}.${ident(column)}`
}

/** Per-statement table aliases: t0, t1, … */
export class AliasGenerator {
  private n = 0
  next(): string {
    return `t${this.n++}`
  }
}
