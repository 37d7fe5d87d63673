import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import {
  checkNewTable,
  checkTableChange,
  columnsOf,
  countRows,
  findWebappTable,
  listWebappTables,
  structureOf,
  type WebappTableRow,
} from '../model/webappTables'
import { toIsoTimestamp, toStoredTimestamp } from '../timestamps'
import { entityScope, positiveId, type EntityScope } from './entityScope'
import type { RouteModule } from './routeModule'

/** The spec lists the paths without `.json`, the public documentation with it: both answer. */
export function withAndWithoutJson(path: string): string[] {
  return [path, `${path}.json`]
}

/**
 * A table as the service answers it (the SDK types the show as WebAppTableGraphQL): its columns in
 * `structure`, `{name: type}`. The create payload's parallel arrays are not echoed back.
 */
export function tableJson(ctx: SandboxContext, t: WebappTableRow) {
  return {
    id: t.id,
    name: t.name,
    structure: structureOf(columnsOf(t)),
    entity_id: t.entity_id,
    // Ours (an extension): the SDK's WebAppTableGraphQL has no count.
    ...(ctx.extensions ? { rows_count: countRows(ctx.store.db, t.id) } : {}),
    created_at: toIsoTimestamp(t.created_at),
    updated_at: toIsoTimestamp(t.updated_at),
  }
}

export function tableFromId(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply): WebappTableRow | undefined {
  const id = positiveId(typeof rawId === 'number' ? String(rawId) : rawId)
  const table = id === undefined ? undefined : findWebappTable(ctx.store.db, scope.entityId, id)
  if (!table) sendError(reply, 404, `Couldn't find WebappTable with 'id'=${String(rawId)}`)
  return table
}

/** Dynamic tables (WebApp Tables): list, create, show, update, delete. */
export const webappTableRoutes: RouteModule = (app, ctx) => {
  for (const path of withAndWithoutJson('/apps/webapp_tables')) {
    app.get(path, async (request, reply) => {
      const scope = entityScope(ctx, request, reply)
      if (!scope) return reply
      return listWebappTables(ctx.store.db, scope.entityId).map((t) => tableJson(ctx, t))
    })

    app.post(path, async (request, reply) => {
      const scope = entityScope(ctx, request, reply)
      if (!scope) return reply
      const body = request.body
      if (!isPlainObject(body) || !isPlainObject(body.webapp_table)) return sendMissingParam(reply, 'webapp_table')
      const checked = checkNewTable(body.webapp_table)
      if (checked.kind === 'invalid') return sendValidationErrors(reply, checked.errors)
      const now = toStoredTimestamp(ctx.clock.now())
      const { columns, name } = checked.value
      const result = ctx.store.db
        .prepare(
          'INSERT INTO webapp_tables (entity_id, name, rows_structure, rows_type, structure, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          scope.entityId,
          name,
          JSON.stringify(columns.map((c) => c.name)),
          JSON.stringify(columns.map((c) => c.type)),
          JSON.stringify(structureOf(columns)),
          now,
          now,
        )
      const created = findWebappTable(ctx.store.db, scope.entityId, Number(result.lastInsertRowid))!
      return reply.code(201).send(tableJson(ctx, created))
    })

    // The spec gives DELETE on the collection path, without an id: the id comes in the body or the query (ours).
    app.delete(path, async (request, reply) => {
      const scope = entityScope(ctx, request, reply)
      if (!scope) return reply
      const body = isPlainObject(request.body) ? request.body : {}
      const nested = isPlainObject(body.webapp_table) ? body.webapp_table.id : undefined
      const rawId = nested ?? body.id ?? (request.query as Record<string, unknown>).id
      if (rawId === undefined) return sendMissingParam(reply, 'id')
      return deleteTable(ctx, scope, rawId, reply)
    })
  }

  for (const path of withAndWithoutJson('/apps/webapp_tables/:id')) {
    app.get(path, async (request, reply) => {
      const scope = entityScope(ctx, request, reply)
      if (!scope) return reply
      const table = tableFromId(ctx, scope, (request.params as { id: string }).id, reply)
      return table ? tableJson(ctx, table) : reply
    })

    const update = async (request: FastifyRequest, reply: FastifyReply) => {
      const scope = entityScope(ctx, request, reply)
      if (!scope) return reply
      const table = tableFromId(ctx, scope, (request.params as { id: string }).id, reply)
      if (!table) return reply
      const body = request.body
      if (!isPlainObject(body) || !isPlainObject(body.webapp_table)) return sendMissingParam(reply, 'webapp_table')
      const checked = checkTableChange(body.webapp_table)
      if (checked.kind === 'invalid') return sendValidationErrors(reply, checked.errors)
      ctx.store.db
        .prepare('UPDATE webapp_tables SET name = ?, updated_at = ? WHERE id = ?')
        .run(checked.value.name, toStoredTimestamp(ctx.clock.now()), table.id)
      return tableJson(ctx, findWebappTable(ctx.store.db, scope.entityId, table.id)!)
    }
    // The spec names the verb only as "update": Rails routes PATCH and PUT there.
    app.patch(path, update)
    app.put(path, update)

    app.delete(path, async (request, reply) => {
      const scope = entityScope(ctx, request, reply)
      if (!scope) return reply
      return deleteTable(ctx, scope, (request.params as { id: string }).id, reply)
    })
  }
}

function deleteTable(ctx: SandboxContext, scope: EntityScope, rawId: unknown, reply: FastifyReply) {
  const table = tableFromId(ctx, scope, rawId, reply)
  if (!table) return reply
  // Its rows go with it (ON DELETE CASCADE).
  ctx.store.db.prepare('DELETE FROM webapp_tables WHERE id = ?').run(table.id)
  return reply.code(204).send()
}
