import { getOperationAST, Kind, OperationTypeNode, parse, type OperationDefinitionNode } from 'graphql'
import type { GraphqlResult } from '@shared/domain'
import { AppError } from '@shared/errors'
import type { ServiceCheckReport, ServiceDocumentCheck, ServiceExtensionCheck, ServiceProbeStatus, ServiceRestCheck } from '@shared/support'
import { graphqlDocuments, type GraphqlDocument } from '../api/graphqlDocuments'
import { probedRestPaths } from '../api/probedRestPaths'
import { documentImpact } from '../api/serviceAreas'
import { isValidationFailure, serviceExtensionEffects, serviceExtensionNames, ServiceExtensions } from '../api/serviceExtensions'

export interface ServiceCheckDeps {
  serverUrl: string
  /** The signed-in session's GraphQL (token handled as for any read). */
  query: (query: string, variables?: Record<string, unknown>) => Promise<GraphqlResult>
  /** The signed-in session's REST: a HEAD's status. */
  headStatus: (path: string) => Promise<number>
  now: () => Date
}

const text = (es: string, en: string) => ({ es, en })
const reason = (err: unknown) => (err instanceof AppError ? (err.detail ?? err.message) : err instanceof Error ? err.message : String(err))

function operationOf(doc: GraphqlDocument): OperationDefinitionNode | null {
  try {
    return getOperationAST(parse(doc.query)) ?? null
  } catch {
    return null
  }
}

/**
 * The document as the check sends it: its example variables, with `limit: 0`
 * where it takes a limit, so the server validates it and reads next to nothing.
 */
function probeVariables(doc: GraphqlDocument, operation: OperationDefinitionNode): Record<string, unknown> | undefined {
  const takesLimit = (operation.variableDefinitions ?? []).some((v) => v.variable.name.value === 'limit')
  if (!doc.variables && !takesLimit) return undefined
  return { ...doc.variables, ...(takesLimit ? { limit: 0 } : {}) }
}

/**
 * Each document is sent as the client sends it rather than checked against
 * the server's introspection: a Hasura role often may not introspect, and an
 * allow-list or a permission can refuse a query that introspection shows.
 * The server's own answer is the one the client will meet.
 */
async function checkDocument(deps: ServiceCheckDeps, doc: GraphqlDocument): Promise<ServiceDocumentCheck> {
  const impact = documentImpact(doc.name)
  const operation = operationOf(doc)
  const rootFields = operation ? operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])) : []
  const result = (status: ServiceProbeStatus, message: string | null): ServiceDocumentCheck => ({
    name: doc.name,
    rootFields,
    ...impact,
    status,
    message,
  })
  // Reads only: a write is never sent to find out whether it would be accepted.
  if (!operation || operation.operation !== OperationTypeNode.QUERY) return result('failed', 'only reads are sent, and this is no query')
  let answer: GraphqlResult
  try {
    answer = await deps.query(doc.query, probeVariables(doc, operation))
  } catch (err) {
    return result('failed', reason(err))
  }
  if (!answer.errors?.length) return result('ok', null)
  const message = answer.errors.map((e) => e.message).join('; ')
  return result(isValidationFailure(answer) ? 'refused' : 'failed', message)
}

async function checkRestPath(
  deps: ServiceCheckDeps,
  path: string,
  whenRefused: ServiceRestCheck['whenRefused'],
): Promise<ServiceRestCheck> {
  try {
    const status = await deps.headStatus(path)
    const probe: ServiceProbeStatus = status >= 200 && status < 300 ? 'ok' : [401, 403, 404, 405].includes(status) ? 'refused' : 'failed'
    return { method: 'HEAD', path, status: probe, httpStatus: status, message: probe === 'ok' ? null : `HTTP ${status}`, whenRefused }
  } catch (err) {
    return { method: 'HEAD', path, status: 'failed', httpStatus: null, message: reason(err), whenRefused }
  }
}

async function checkExtensions(deps: ServiceCheckDeps): Promise<ServiceExtensionCheck[]> {
  // A fresh probe each time: the session's remembered answers may be from before a server change.
  const extensions = new ServiceExtensions((q) => deps.query(q))
  const checks: ServiceExtensionCheck[] = []
  for (const name of serviceExtensionNames) {
    const effects = serviceExtensionEffects[name]
    try {
      checks.push({ name, present: await extensions.has(name), message: null, ...effects })
    } catch (err) {
      checks.push({ name, present: null, message: reason(err), ...effects })
    }
  }
  return checks
}

function summaryOf(graphql: ServiceDocumentCheck[], rest: ServiceRestCheck[], extensions: ServiceExtensionCheck[]) {
  const present = extensions.filter((e) => e.present).length
  const ext = text(`${present} de ${extensions.length} extensiones presentes`, `${present} of ${extensions.length} extensions present`)
  const broken = [...graphql.filter((d) => d.needed), ...rest].filter((c) => c.status !== 'ok').length
  const lesser = graphql.filter((d) => !d.needed && d.status !== 'ok').length
  if (broken > 0) {
    return text(
      `El servidor rechaza ${broken} ${broken === 1 ? 'parte' : 'partes'} que la aplicación necesita: esas funciones no funcionarán (${ext.es}).`,
      `The server refuses ${broken} ${broken === 1 ? 'part' : 'parts'} the app needs: those features will not work (${ext.en}).`,
    )
  }
  const detail =
    lesser > 0
      ? text(`; ${lesser} opcionales rechazadas, con menos detalle`, `; ${lesser} optional parts refused, with less detail`)
      : text('', '')
  return text(
    `El servidor ofrece todo lo que la aplicación necesita (${ext.es}${detail.es}).`,
    `The server offers everything the app needs (${ext.en}${detail.en}).`,
  )
}

/** Tries every GraphQL read, the probed REST paths and every extension; never throws for a refusal. */
export async function runServiceCheck(deps: ServiceCheckDeps): Promise<ServiceCheckReport> {
  const graphql: ServiceDocumentCheck[] = []
  // One after another: a shop's server is not to be flooded by a diagnostic.
  for (const doc of graphqlDocuments.filter((d) => !d.extension)) graphql.push(await checkDocument(deps, doc))
  const rest: ServiceRestCheck[] = []
  for (const p of probedRestPaths) rest.push(await checkRestPath(deps, p.path, p.whenRefused))
  const extensions = await checkExtensions(deps)
  const ok = [...graphql.filter((d) => d.needed), ...rest].every((c) => c.status === 'ok')
  return {
    ok,
    serverUrl: deps.serverUrl,
    checkedAt: deps.now().toISOString(),
    summary: summaryOf(graphql, rest, extensions),
    graphql,
    rest,
    extensions,
  }
}

/** The plain text form, for the CLI: one line per part, the outcome last. */
export function serviceCheckText(report: ServiceCheckReport, language: 'es' | 'en' = 'en'): string {
  const mark = (s: ServiceProbeStatus, needed = true) => (s === 'ok' ? '✔' : needed ? '✖' : '!')
  const words =
    language === 'es'
      ? { refused: 'rechazado', failed: 'falló', present: 'presente', absent: 'ausente', unknown: 'sin respuesta' }
      : { refused: 'refused', failed: 'failed', present: 'present', absent: 'absent', unknown: 'no answer' }
  const lines = [language === 'es' ? `Servicio: ${report.serverUrl}` : `Service: ${report.serverUrl}`, '', 'GraphQL:']
  for (const d of report.graphql) {
    const head = `${mark(d.status, d.needed)} ${d.name} (${d.rootFields.join(', ')})`
    lines.push(d.status === 'ok' ? head : `${head}: ${words[d.status]}: ${d.message ?? ''}\n    → ${d.whenRefused[language]}`)
  }
  lines.push('', 'REST:')
  for (const r of report.rest) {
    const head = `${mark(r.status)} ${r.method} ${r.path}${r.httpStatus === null ? '' : ` (HTTP ${r.httpStatus})`}`
    lines.push(
      r.status === 'ok'
        ? head
        : `${head}: ${words[r.status]}${r.httpStatus === null && r.message ? `: ${r.message}` : ''}\n    → ${r.whenRefused[language]}`,
    )
  }
  lines.push('', language === 'es' ? 'Extensiones:' : 'Extensions:')
  for (const e of report.extensions) {
    const state = e.present === null ? `${words.unknown}: ${e.message ?? ''}` : e.present ? words.present : words.absent
    lines.push(`${e.present ? '✔' : '•'} ${e.name}: ${state}${e.present ? '' : `\n    → ${e.withoutIt[language]}`}`)
  }
  lines.push('', report.summary[language])
  return lines.join('\n')
}
