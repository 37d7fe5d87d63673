import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Kind, parse, type DefinitionNode, type FieldDefinitionNode, type InputValueDefinitionNode } from 'graphql'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

/**
 * Every field, argument and root of the real service's SDL names where it
 * comes from (issue 29, item 5), and the named source shows it: the SDK's
 * types and queries and the docs' GraphQL page through sdkGraphqlFacts.json
 * (scripts/sdk-graphql-facts.mjs), the interface through its own text. The
 * grammar of a description is written at the top of realService.graphql.
 */

const root = join(__dirname, '../../../..')
const sdl = readFileSync(join(root, 'src-main/core/api/schema/realService.graphql'), 'utf8')
const interfaceText = readFileSync(join(root, 'docs/service-interface.md'), 'utf8')
const facts = z
  .object({
    sdk: z.object({ types: z.record(z.string(), z.array(z.string())), queries: z.record(z.string(), z.array(z.string())) }),
    docs: z.object({ pages: z.record(z.string(), z.array(z.string())) }),
  })
  .parse(JSON.parse(readFileSync(join(__dirname, 'sdkGraphqlFacts.json'), 'utf8')))

const interfaceWords = new Set(interfaceText.match(/[A-Za-z_]\w*/g))
/** The list arguments of every table and relation, as the interface's notes name them. */
const listArguments = ['where', 'order_by', 'limit', 'offset']

const note = String.raw`(?: \([^)]*\))?`
const grammar: [RegExp, (match: RegExpExecArray, name: string) => string | null][] = [
  [
    new RegExp(`^SDK type (\\w+)${note}$`),
    ([, type], name) =>
      !facts.sdk.types[type!] ? `no SDK type ${type}` : facts.sdk.types[type!]!.includes(name) ? null : `SDK type ${type} has no ${name}`,
  ],
  [
    new RegExp(`^SDK query (\\w+(?:, \\w+)*)${note}$`),
    ([, queries], name) =>
      queries!
        .split(', ')
        .map((q) =>
          !facts.sdk.queries[q] ? `no SDK query ${q}` : facts.sdk.queries[q]!.includes(name) ? null : `SDK query ${q} has no ${name}`,
        )
        .find((p) => p !== null) ?? null,
  ],
  [
    new RegExp(`^docs (\\S+\\.md)${note}$`),
    ([, page], name) =>
      !facts.docs.pages[page!] ? `no docs page ${page}` : facts.docs.pages[page!]!.includes(name) ? null : `docs ${page} has no ${name}`,
  ],
  [new RegExp(`^interface${note}$`), (_, name) => (interfaceWords.has(name) ? null : `the interface does not name ${name}`)],
]

/** What is wrong with one field's (or operator's, or root's) description; [] when each part is a true source. */
function fieldProblems(where: string, field: FieldDefinitionNode | InputValueDefinitionNode): string[] {
  const name = field.name.value
  const at = `${where}.${name}`
  const text = field.description?.value
  if (!text || text.startsWith('NO SOURCE')) return [`${at}: no source`]
  const args = 'arguments' in field ? (field.arguments ?? []) : []
  const parts = text.split('; ')
  const problems: string[] = []
  const argsPart = parts.includes('args: interface')
  if (args.length > 0 && !argsPart) problems.push(`${at}: its arguments name no source (args: interface)`)
  if (args.length === 0 && argsPart) problems.push(`${at}: "args: interface" on a field without arguments`)
  for (const arg of args) {
    if (!listArguments.includes(arg.name.value)) problems.push(`${at}(${arg.name.value}): not one of the interface's list arguments`)
  }
  const sources = parts.filter((p) => p !== 'args: interface')
  if (sources.length === 0) problems.push(`${at}: no source`)
  for (const part of sources) {
    const rule = grammar.map(([pattern, check]) => ({ match: pattern.exec(part), check })).find((r) => r.match)
    const problem = rule ? rule.check(rule.match!, name) : `"${part}" is no source`
    if (problem) problems.push(`${at}: ${problem}`)
  }
  return problems
}

/** Every problem of an SDL: fields, arguments, roots, operators, enum values and directives without a true source. */
function sourceProblems(text: string): string[] {
  const definitions = parse(text).definitions
  const objects = new Map<string, Map<string, FieldDefinitionNode>>()
  for (const d of definitions)
    if (d.kind === Kind.OBJECT_TYPE_DEFINITION) objects.set(d.name.value, new Map((d.fields ?? []).map((f) => [f.name.value, f])))
  const problems: string[] = []
  const derived = (d: DefinitionNode & { kind: Kind.INPUT_OBJECT_TYPE_DEFINITION }, suffix: string) => {
    const table = d.name.value.slice(0, -suffix.length)
    const fields = objects.get(table)
    if (!fields) return [`${d.name.value}: no table ${table}`]
    return (d.fields ?? []).flatMap((f) => {
      const name = f.name.value
      if (suffix === '_bool_exp' && (name === '_and' || name === '_or')) return fieldProblems(d.name.value, f)
      const column = fields.get(name)
      if (!column) return [`${d.name.value}.${name}: ${table} has no ${name}`]
      return suffix === '_order_by' && (column.arguments ?? []).length > 0 ? [`${d.name.value}.${name}: a list is not ordered by`] : []
    })
  }
  for (const d of definitions) {
    if (d.kind === Kind.OBJECT_TYPE_DEFINITION) problems.push(...(d.fields ?? []).flatMap((f) => fieldProblems(d.name.value, f)))
    else if (d.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      const name = d.name.value
      if (name.endsWith('_comparison_exp')) problems.push(...(d.fields ?? []).flatMap((f) => fieldProblems(name, f)))
      else if (name.endsWith('_bool_exp')) problems.push(...derived(d, '_bool_exp'))
      else if (name.endsWith('_order_by')) problems.push(...derived(d, '_order_by'))
      else problems.push(`${name}: an input of no known kind`)
    } else if (d.kind === Kind.ENUM_TYPE_DEFINITION) {
      for (const v of d.values ?? []) {
        problems.push(
          ...fieldProblems(d.name.value, { ...v, kind: Kind.INPUT_VALUE_DEFINITION, type: { kind: Kind.NAMED_TYPE, name: v.name } }),
        )
      }
    } else if (d.kind === Kind.DIRECTIVE_DEFINITION) {
      problems.push(...fieldProblems('@', { ...d, kind: Kind.FIELD_DEFINITION, type: { kind: Kind.NAMED_TYPE, name: d.name } }))
    }
  }
  return problems
}

describe('the sources of the real service schema (schema/realService.graphql)', () => {
  it('names a true source for every field, argument, root, operator, ordering and directive', () => {
    expect(sourceProblems(sdl)).toEqual([])
  })

  it('takes the list arguments from the interface’s own words', () => {
    expect(interfaceText).toContain('arguments `where`')
    expect(interfaceText).toContain('`order_by`, `limit`, `offset`')
  })

  it('fails a field without a source, a source that does not show it, and an argument of no source', () => {
    const head = 'schema { query: query_root }\nscalar bigint\n'
    expect(sourceProblems(`${head}type query_root { items: [items!]! }\ntype items { "SDK type ItemGraphQL" id: bigint }`)).toEqual([
      'query_root.items: no source',
    ])
    expect(sourceProblems(`${head}type items { "SDK type ItemGraphQL" ean13: bigint }`)).toEqual([
      'items.ean13: SDK type ItemGraphQL has no ean13',
    ])
    expect(sourceProblems(`${head}type items { "SDK query getItems" tags: bigint }`)).toEqual([
      'items.tags: SDK query getItems has no tags',
    ])
    expect(sourceProblems(`${head}type items { "the sandbox" code: bigint }`)).toEqual(['items.code: "the sandbox" is no source'])
    expect(
      sourceProblems(
        `${head}type query_root { "SDK query getItems; args: interface" items(distinct_on: bigint): [items!]! }\ntype items { "SDK type ItemGraphQL" id: bigint }`,
      ),
    ).toEqual(["query_root.items(distinct_on): not one of the interface's list arguments"])
    expect(
      sourceProblems(`${head}type items { "SDK type ItemGraphQL" id: bigint }\ninput items_bool_exp { id: bigint tags: bigint }`),
    ).toEqual(['items_bool_exp.tags: items has no tags'])
  })
})
