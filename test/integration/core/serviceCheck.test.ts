import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildSchema, getOperationAST, getVariableValues, parse, validate } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graphqlDocuments, type GraphqlDocument } from '@core/api/graphqlDocuments'
import { serviceExtensionNames } from '@core/api/serviceExtensions'
import { startSandbox, type RunningSandbox } from '@sandbox'
import type { ServiceCheckReport } from '@shared/support'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { tempDir } from '../../support/tempDir'

/** A signed-in core against a sandbox in the given mode. */
async function signedIn(extensions: boolean): Promise<{ sandbox: RunningSandbox; h: CoreHarness }> {
  const sandbox = await startSandbox({ extensions })
  const h = await coreHarness(tempDir())
  const user = sandbox.users[0]!
  await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
  return { sandbox, h }
}

const realSchema = buildSchema(readFileSync(join(__dirname, '../../../src-main/core/api/schema/realService.graphql'), 'utf8'))

/** Whether the real service's schema takes the document as the check sends it (limit 0 where it takes one). */
function realServiceTakes(doc: GraphqlDocument): boolean {
  const ast = parse(doc.query)
  if (validate(realSchema, ast).length > 0) return false
  const operation = getOperationAST(ast)!
  const takesLimit = (operation.variableDefinitions ?? []).some((v) => v.variable.name.value === 'limit')
  const coerced = getVariableValues(realSchema, operation.variableDefinitions ?? [], {
    ...doc.variables,
    ...(takesLimit ? { limit: 0 } : {}),
  })
  return !('errors' in coerced && coerced.errors)
}

const needed = (r: ServiceCheckReport) => r.graphql.filter((d) => d.needed)
const sentDocuments = graphqlDocuments.filter((d) => !d.extension)

describe('the service check against the sandbox with its extensions', () => {
  let on: { sandbox: RunningSandbox; h: CoreHarness }
  beforeAll(async () => (on = await signedIn(true)))
  afterAll(async () => {
    await on.h.close()
    await on.sandbox.close()
  })

  it('finds every GraphQL read, REST path and extension offered: all needed parts ok', async () => {
    const report = await on.h.call('support.serviceCheck')
    expect(report.serverUrl).toBe(on.sandbox.url)
    expect(report.graphql.map((d) => d.name)).toEqual(sentDocuments.map((d) => d.name))
    expect(report.graphql.filter((d) => d.status !== 'ok')).toEqual([])
    expect(report.rest.filter((r) => r.status !== 'ok')).toEqual([])
    expect(report.rest.map((r) => r.path)).toContain('/apps/webapp_tables.json')
    expect(report.extensions.map((e) => [e.name, e.present])).toEqual(serviceExtensionNames.map((n) => [n, true]))
    expect(report.ok).toBe(true)
    expect(report.summary.en).toMatch(/offers everything the app needs \(5 of 5 extensions present\)/)
  })

  it('reports a root field the server refuses, with its words and what stops working, and fails', async () => {
    const settings = (fields: string[]) =>
      fetch(`${on.sandbox.url}/__sandbox/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ graphql_refused_root_fields: fields }),
      })
    await settings(['webapp_rows'])
    try {
      const report = await on.h.call('support.serviceCheck')
      expect(report.ok).toBe(false)
      const refused = report.graphql.filter((d) => d.status !== 'ok')
      // Both documents that read the rows: the table's rows and the rows added since a write (lost answers).
      expect(refused).toEqual(
        ['tables.rows', 'tables.rowsAfter'].map((name) => ({
          name,
          rootFields: ['webapp_rows'],
          needed: true,
          status: 'refused',
          message: expect.stringContaining("'webapp_rows' not found"),
          whenRefused: { es: expect.stringContaining('tablas dinámicas'), en: "Dynamic tables' rows cannot be read." },
        })),
      )
      expect(report.summary.en).toMatch(/refuses 2 parts the app needs/)
    } finally {
      await settings([])
    }
    expect((await on.h.call('support.serviceCheck')).ok).toBe(true)
  })
})

describe('the service check against the sandbox serving only what the real service offers', () => {
  let off: { sandbox: RunningSandbox; h: CoreHarness }
  beforeAll(async () => (off = await signedIn(false)))
  afterAll(async () => {
    await off.h.close()
    await off.sandbox.close()
  })

  it('finds every extension absent and says what the app does without each; each read is ok exactly when the real schema takes it', async () => {
    const report = await off.h.call('support.serviceCheck')
    for (const e of report.extensions) {
      expect(e.present, e.name).toBe(false)
      expect(e.withoutIt.es.length).toBeGreaterThan(0)
      expect(e.withoutIt.en.length).toBeGreaterThan(0)
    }
    const expected = sentDocuments.map((d) => [d.name, realServiceTakes(d) ? 'ok' : 'refused'])
    expect(report.graphql.map((d) => [d.name, d.status])).toEqual(expected)
    for (const d of report.graphql.filter((x) => x.status === 'refused')) expect(d.message, d.name).toBeTruthy()
    // The documents fixed for the real service so far: the dynamic tables' rows and the user's agency.
    for (const name of ['tables.rows', 'profile.userEmployee', 'profile.agencyById'])
      expect(report.graphql.find((d) => d.name === name)?.status, name).toBe('ok')
    expect(report.rest.filter((r) => r.status !== 'ok')).toEqual([])
    expect(report.ok).toBe(needed(report).every((d) => d.status === 'ok'))
  })
})
