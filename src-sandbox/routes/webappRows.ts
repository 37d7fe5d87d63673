import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { checkRowData, columnsOf, dataOf, findRow, type WebappRowRow, type WebappTableRow } from '../model/webappTables'
import { toIsoTimestamp, toStoredTimestamp } from '../timestamps'
import { entityScope, positiveId } from './entityScope'
import type { RouteModule } from './routeModule'
import { tableFromId, withAndWithoutJson } from './webappTables'

/** The SDK's fields of a row (WebAppTableUpdateResponse); entity_id is ours, an extension. */
function rowJson(r: WebappRowRow, extensions: boolean) {
  return {
    id: r.id,
    webapp_table_id: r.webapp_table_id,
    data: JSON.parse(r.data) as unknown,
    ...(extensions ? { entity_id: r.entity_id } : {}),
    created_at: toIsoTimestamp(r.created_at),
    updated_at: toIsoTimestamp(r.updated_at),
  }
}

function pageNumber(raw: unknown, fallback: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return fallback
  const n = positiveId(String(raw))
  return n === undefined ? undefined : Math.min(n, max)
}

/** The table named in the path, in the caller's entity; answers 404 and returns undefined otherwise. */
function tableOf(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply): WebappTableRow | undefined {
  const scope = entityScope(ctx, request, reply)
  return scope && tableFromId(ctx, scope, (request.params as { id: string }).id, reply)
}

/** The row named in the path, in the given table; answers 404 and returns undefined otherwise. */
function rowOf(ctx: SandboxContext, t: WebappTableRow, request: FastifyRequest, reply: FastifyReply): WebappRowRow | undefined {
  const raw = (request.params as { rowId: string }).rowId
  const id = positiveId(raw)
  const found = id === undefined ? undefined : findRow(ctx.store.db, t.id, id)
  if (!found) sendError(reply, 404, `Couldn't find WebappRow with 'id'=${raw}`)
  return found
}

/** The body's webapp_row.data; answers that the parameter is missing and returns undefined otherwise. */
function readData(request: FastifyRequest, reply: FastifyReply): { data: unknown } | undefined {
  const body = request.body
  if (!isPlainObject(body) || !isPlainObject(body.webapp_row) || !('data' in body.webapp_row)) {
    sendMissingParam(reply, 'webapp_row')
    return undefined
  }
  return { data: body.webapp_row.data }
}

async function listRows(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const t = tableOf(ctx, request, reply)
  if (!t) return reply
  const query = request.query as Record<string, unknown>
  const page = pageNumber(query.page, 1, Number.MAX_SAFE_INTEGER)
  const perPage = pageNumber(query.per_page, 25, 1000)
  if (page === undefined || perPage === undefined) return sendValidationErrors(reply, { page: ['debe ser un entero positivo'] })
  const rows = ctx.store.db
    .prepare<[number, number, number], WebappRowRow>(
      'SELECT * FROM webapp_table_rows WHERE webapp_table_id = ? ORDER BY id LIMIT ? OFFSET ?',
    )
    .all(t.id, perPage, (page - 1) * perPage)
  return rows.map((r) => rowJson(r, ctx.extensions))
}

async function createRow(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const t = tableOf(ctx, request, reply)
  if (!t) return reply
  const given = readData(request, reply)
  if (!given) return reply
  const checked = checkRowData(columnsOf(t), given.data)
  if (checked.kind === 'invalid') return sendValidationErrors(reply, checked.errors)
  const now = toStoredTimestamp(ctx.clock.now())
  const result = ctx.store.db
    .prepare('INSERT INTO webapp_table_rows (entity_id, webapp_table_id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(t.entity_id, t.id, JSON.stringify(checked.value), now, now)
  return reply.code(201).send(rowJson(findRow(ctx.store.db, t.id, Number(result.lastInsertRowid))!, ctx.extensions))
}

async function showRow(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const t = tableOf(ctx, request, reply)
  const r = t && rowOf(ctx, t, request, reply)
  return r ? rowJson(r, ctx.extensions) : reply
}

async function updateRow(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const t = tableOf(ctx, request, reply)
  const r = t && rowOf(ctx, t, request, reply)
  if (!t || !r) return reply
  const given = readData(request, reply)
  if (!given) return reply
  // An update changes the columns it names; the others keep their values.
  const checked = checkRowData(columnsOf(t), given.data, dataOf(r))
  if (checked.kind === 'invalid') return sendValidationErrors(reply, checked.errors)
  ctx.store.db
    .prepare('UPDATE webapp_table_rows SET data = ?, updated_at = ? WHERE id = ?')
    .run(JSON.stringify(checked.value), toStoredTimestamp(ctx.clock.now()), r.id)
  return rowJson(findRow(ctx.store.db, t.id, r.id)!, ctx.extensions)
}

async function deleteRow(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const t = tableOf(ctx, request, reply)
  const r = t && rowOf(ctx, t, request, reply)
  if (!r) return reply
  ctx.store.db.prepare('DELETE FROM webapp_table_rows WHERE id = ?').run(r.id)
  return reply.code(204).send()
}

/** A dynamic table's rows (docs): list with page and per_page, create, show, update, delete. */
export const webappRowRoutes: RouteModule = (app, ctx) => {
  app.get('/apps/webapp_tables/:id/webapp_rows.json', (request, reply) => listRows(ctx, request, reply))
  app.post('/apps/webapp_tables/:id/webapp_rows.json', (request, reply) => createRow(ctx, request, reply))
  for (const path of withAndWithoutJson('/apps/webapp_tables/:id/webapp_rows/:rowId')) {
    app.get(path, (request, reply) => showRow(ctx, request, reply))
    app.patch(path, (request, reply) => updateRow(ctx, request, reply))
    app.put(path, (request, reply) => updateRow(ctx, request, reply))
    app.delete(path, (request, reply) => deleteRow(ctx, request, reply))
  }
}
