import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  buildASTSchema,
  buildSchema,
  getOperationAST,
  getVariableValues,
  isInputObjectType,
  Kind,
  parse,
  validate,
  visit,
  type GraphQLSchema,
} from 'graphql'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { graphqlDocuments, type GraphqlDocument } from '@core/api/graphqlDocuments'

/**
 * Every GraphQL document the core sends, held against the real service's
 * schema as its SDK and documentation show it. Hasura refuses a whole query for
 * one unknown field or one mistyped variable, so a document that fails here
 * would fail at a real shop.
 */

const root = join(__dirname, '../../../..')
const schema: GraphQLSchema = buildSchema(readFileSync(join(root, 'src-main/core/api/schema/realService.graphql'), 'utf8'))

/**
 * Id columns whose type the SDK's own queries declared `Int` where the schema
 * has `bigint` (getLotStocksByAgencyId, getWebAppRowsByWebAppTableId,
 * getWebAppRow, getShipmentsByToAgencyLast100, before the SDK moved to
 * literals). Which the real service has is not known, so the client writes
 * these ids as literals (idLiteral.ts) and its documents must hold under
 * either typing: this schema is the same with these columns compared as `Int`.
 */
const intDeclaredColumns: Record<string, string[]> = {
  lot_stocks: ['agency_id'],
  webapp_rows: ['webapp_table_id', 'id'],
  shipments: ['agency_to_id'],
}
const schemaWithIntColumns: GraphQLSchema = buildASTSchema(
  visit(parse(readFileSync(join(root, 'src-main/core/api/schema/realService.graphql'), 'utf8')), {
    InputObjectTypeDefinition(node) {
      const columns = intDeclaredColumns[node.name.value.replace(/_bool_exp$/, '')]
      if (!columns || !node.name.value.endsWith('_bool_exp')) return undefined
      return {
        ...node,
        fields: node.fields?.map((f) =>
          columns.includes(f.name.value)
            ? { ...f, type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: 'Int_comparison_exp' } } }
            : f,
        ),
      }
    },
  }),
)

/** What graphql-js says against the schema: validation errors, then variable coercion errors; sorted, deduplicated. */
function problemsOf(doc: GraphqlDocument, against: GraphQLSchema = schema): string[] {
  const ast = parse(doc.query)
  const messages = validate(against, ast).map((e) => e.message)
  const operation = getOperationAST(ast)
  if (operation) {
    const coerced = getVariableValues(against, operation.variableDefinitions ?? [], doc.variables ?? {})
    if ('errors' in coerced && coerced.errors) messages.push(...coerced.errors.map((e) => e.message))
  }
  return [...new Set(messages)].sort()
}

/**
 * Documents that the real service would refuse today, with exactly the errors
 * it would give. Fixing one (or breaking it further) fails the test, so this
 * list is always the truth; docs/real-service-notes.md says what each should
 * read instead. It may only shrink.
 */
// Empty since every document was rewritten to the real schema (2026-11-24); keep it so, or name the exact errors here.
const knownIncompatible: Record<string, { why: string; errors: string[] }> = {}

describe('the real service schema (schema/realService.graphql)', () => {
  it('is a valid schema with the tables the client reads', () => {
    const roots = Object.keys(schema.getQueryType()?.getFields() ?? {})
    for (const table of [
      'items',
      'item_categories',
      'agencies',
      'employees',
      'lots',
      'lot_stocks',
      'bundles',
      'shipments',
      'purchase_orders',
      'consolidates',
      'webapp_rows',
    ]) {
      expect(roots).toContain(table)
    }
    // Ids are bigint there: a document declaring Int! for an id is refused.
    const shipmentFilter = schema.getType('shipments_bool_exp')
    expect(isInputObjectType(shipmentFilter) && String(shipmentFilter.getFields()['id']?.type)).toBe('bigint_comparison_exp')
  })

  it('has the SDK’s Int-declared id columns as Int in its other typing, and there a bigint variable is refused', () => {
    const filter = schemaWithIntColumns.getType('webapp_rows_bool_exp')
    expect(isInputObjectType(filter) && String(filter.getFields()['webapp_table_id']?.type)).toBe('Int_comparison_exp')
    const byVariable = {
      name: 't',
      sentBy: 't',
      query: 'query($t: bigint!) { webapp_rows(where: {webapp_table_id: {_eq: $t}}) { id } }',
      variables: { t: 12 },
    }
    expect(problemsOf(byVariable)).toEqual([])
    expect(problemsOf(byVariable, schemaWithIntColumns)).toEqual(['Variable "$t" of type "bigint!" used in position expecting type "Int".'])
    expect(
      problemsOf(
        { ...byVariable, query: '{ webapp_rows(where: {webapp_table_id: {_eq: 12}}) { id } }', variables: {} },
        schemaWithIntColumns,
      ),
    ).toEqual([])
  })

  it('refuses an invented field and a mistyped id variable, as Hasura would', () => {
    expect(problemsOf({ name: 't', sentBy: 't', query: '{ bundles { id tags } }' })).toEqual([
      'Cannot query field "tags" on type "bundles".',
    ])
    expect(
      problemsOf({ name: 't', sentBy: 't', query: 'query($id: Int!) { items(where: {id: {_eq: $id}}) { id } }', variables: { id: 1 } }),
    ).toEqual(['Variable "$id" of type "Int!" used in position expecting type "bigint".'])
    expect(
      problemsOf({
        name: 't',
        sentBy: 't',
        query: 'query($id: bigint!) { items(where: {id: {_eq: $id}}) { id code } }',
        variables: { id: 1 },
      }),
    ).toEqual([])
    // The example variables are checked too: a list sent where one value is declared, or a value missing.
    expect(
      problemsOf({ name: 't', sentBy: 't', query: 'query($ids: [bigint!]!) { lots(where: {id: {_in: $ids}}) { id } }', variables: {} }),
    ).toEqual(['Variable "$ids" of required type "[bigint!]!" was not provided.'])
    expect(problemsOf({ name: 't', sentBy: 't', query: 'query($n: Int!) { lots(limit: $n) { id } }', variables: { n: [5] } })).toEqual([
      'Variable "$n" got invalid value [5]; Int cannot represent non-integer value: [5]',
    ])
  })
})

describe('every GraphQL document of the core against the real service', () => {
  it('names each document once', () => {
    const names = graphqlDocuments.map((d) => d.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('lists as known incompatible only documents that exist', () => {
    const names = new Set(graphqlDocuments.map((d) => d.name))
    expect(Object.keys(knownIncompatible).filter((n) => !names.has(n))).toEqual([])
  })

  for (const doc of graphqlDocuments) {
    const known = knownIncompatible[doc.name]
    if (doc.extension) {
      it(`${doc.name} (${doc.sentBy}) asks for something the real service does not have (else it is no extension)`, () => {
        expect(problemsOf(doc)).not.toEqual([])
      })
    } else if (known) {
      it(`${doc.name} (${doc.sentBy}) is refused today for exactly the known reasons: ${known.why}`, () => {
        expect(problemsOf(doc)).toEqual([...known.errors].sort())
      })
    } else {
      it(`${doc.name} (${doc.sentBy}) validates, variables included, whether the SDK's Int-declared ids are Int or bigint`, () => {
        expect(problemsOf(doc)).toEqual([])
        expect(problemsOf(doc, schemaWithIntColumns)).toEqual([])
      })
    }
  }
})

// ---------------------------------------------------------------- coverage of the registry

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

const HOLE = '\u0000'
/** `query…`, or `{ field(` / `{ field {` where the field's name may begin with a hole. */
const OPENS_DOCUMENT = new RegExp(`^\\s*(query\\b|\\{\\s*([a-z_]+|${HOLE})[a-z_]*\\s*[({])`)

/**
 * String and template literals that open a GraphQL document (`query…` or
 * `{ field…`), with each `${…}` replaced by a hole. Field lists spliced into
 * documents do not open one and are covered through the documents they join.
 */
function graphqlLiterals(path: string): { where: string; text: string }[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: { where: string; text: string }[] = []
  const visit = (node: ts.Node): void => {
    let text: string | null = null
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join('')
    if (text !== null && OPENS_DOCUMENT.test(text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart())
      found.push({ where: `${relative(root, path)}:${line + 1}`, text })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim()

/** A literal is registered when some registered document is that literal with its holes filled. */
function isRegistered(literal: string): boolean {
  const pattern = new RegExp(
    '^' +
      squash(literal)
        .split(HOLE)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[\\s\\S]*?') +
      '$',
  )
  return graphqlDocuments.some((d) => pattern.test(squash(d.query)))
}

describe('the registry (core/api/graphqlDocuments.ts) holds every GraphQL document of the core', () => {
  const literals = sourceFiles(join(root, 'src-main/core')).flatMap(graphqlLiterals)

  it('finds the documents the core sends (the scan itself works)', () => {
    const files = new Set(literals.map((l) => l.where.replace(/:\d+$/, '')))
    for (const module of ['catalogueGraphql', 'bookingsGraphql', 'dynamicTableRowsGraphql', 'profileApi', 'purchasingApi']) {
      expect(files).toContain(`src-main/core/api/${module}.ts`)
    }
    expect(literals.length).toBeGreaterThanOrEqual(16)
  })

  it('registers every GraphQL literal found in src-main/core', () => {
    expect(literals.filter((l) => !isRegistered(l.text)).map((l) => l.where)).toEqual([])
  })

  it('would notice a document that is not registered', () => {
    expect(isRegistered('query($x: bigint!) { items(where: {id: {_eq: $x}}) { id } }')).toBe(false)
    expect(isRegistered(`{ ${HOLE}_aggregate { aggregate { count } } }`)).toBe(true)
  })
})
