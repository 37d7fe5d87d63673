import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context'
import { multipartBodyLimit } from '../http/multipartBodyParser'
import { isPlainObject, sendError, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { readBundleForm, type BundleForm } from '../model/bundleForm'
import { bundleFormsOf } from '../model/bundleForms'
import { readImageChanges } from '../model/bundleImages'
import { detailsOfBundle } from '../model/bundleDetails'
import { bundleListJson } from '../model/bundleListJson'
import { bundleHasMovements, findBundle, type BundleRow } from '../model/bundles'
import { findTagId, tagsOfBundle } from '../model/bundleTags'
import { saveBundle, type SaveRequest } from '../model/saveBundle'
import { toStoredTimestamp } from '../timestamps'
import { bundleWithComponentsJson, type JsonStyle } from './bundleJson'
import { bundleFromPath, entityScope, positiveId } from './bundleScope'
import { jsonArrayStream } from './jsonArrayStream'
import type { RouteModule } from './routeModule'

/** The service's words when a bundle with movements may not go (the spec leaves the error unshown: ours). */
export const bundleHasMovementsMessage = 'No se puede eliminar el paquete porque tiene movimientos'

/** The address the client used: uploaded files are served there (a relative stored path becomes absolute). */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`

function withComponents(ctx: SandboxContext, bundle: BundleRow, style: JsonStyle, origin: string) {
  const json: Partial<ReturnType<typeof bundleWithComponentsJson>> = bundleWithComponentsJson(
    bundle,
    tagsOfBundle(ctx.store.statements, bundle.id),
    detailsOfBundle(ctx.store.statements, bundle.id),
    style,
    origin,
    bundleFormsOf(ctx.store.statements, bundle.id),
    ctx.extensions,
  )
  // `tags` is ours (the spec filters by tag but shows no tag field): only with the extensions on.
  if (!ctx.extensions) delete json.tags
  return json
}

/** The form's fields and its image parameters (multipart files, remove flags), their errors together. */
function readForm(params: Record<string, unknown>): { form: BundleForm; images: ReturnType<typeof readImageChanges>['changes'] } {
  const form = readBundleForm(params)
  const images = readImageChanges(params)
  for (const [field, messages] of Object.entries(images.errors)) form.errors[field] = [...(form.errors[field] ?? []), ...messages]
  return { form, images: images.changes }
}

/**
 * Saves a create or update and answers: the bundle in the given style, 422
 * with the field errors, or 404 for a component id the bundle does not have.
 */
function answerSave(ctx: SandboxContext, reply: FastifyReply, req: SaveRequest, status: number, style: JsonStyle, origin: string) {
  const result = saveBundle(ctx.store.db, ctx.store.statements, req)
  if (result.kind === 'invalid') return sendValidationErrors(reply, result.errors)
  if (result.kind === 'detailNotFound') return sendError(reply, 404, result.message)
  const saved = findBundle(ctx.store.statements, req.entityId, result.id)!
  return reply.code(status).send(withComponents(ctx, saved, style, origin))
}

/** The entity's bundles, all or those with the tag named in the query, streamed as a JSON array. */
async function listBundles(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const query = request.query as Record<string, unknown>
  const tag = typeof query.tag === 'string' && query.tag.trim() !== '' ? query.tag.trim() : undefined
  let rows: string[]
  const origin = requestOrigin(request)
  if (tag === undefined) rows = bundleListJson(ctx.store.statements, scope.entityId, origin, undefined, ctx.extensions)
  else {
    const tagId = findTagId(ctx.store.statements, scope.entityId, tag)
    rows = tagId === undefined ? [] : bundleListJson(ctx.store.statements, scope.entityId, origin, tagId, ctx.extensions)
  }
  return reply.type('application/json; charset=utf-8').send(jsonArrayStream(rows))
}

async function showBundle(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const bundle = bundleFromPath(ctx, scope, (request.params as { id: string }).id, reply)
  if (!bundle) return reply
  return withComponents(ctx, bundle, 'detail', requestOrigin(request))
}

async function createBundle(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const body = request.body
  if (!isPlainObject(body) || !isPlainObject(body.bundle)) return sendMissingParam(reply, 'bundle')
  const { form, images } = readForm(body.bundle)
  const now = toStoredTimestamp(ctx.clock.now())
  // Create answers in the spec's list style (ids as numbers, ISO timestamps), like every create response.
  return answerSave(ctx, reply, { entityId: scope.entityId, userId: scope.user.id, now, form, images }, 201, 'list', requestOrigin(request))
}

async function updateBundle(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const existing = bundleFromPath(ctx, scope, (request.params as { id: string }).id, reply)
  if (!existing) return reply
  const body = request.body
  if (!isPlainObject(body) || !isPlainObject(body.bundle)) return sendMissingParam(reply, 'bundle')
  const { form, images } = readForm(body.bundle)
  const now = toStoredTimestamp(ctx.clock.now())
  return answerSave(
    ctx,
    reply,
    { entityId: scope.entityId, userId: scope.user.id, now, existing, form, images },
    200,
    'detail',
    requestOrigin(request),
  )
}

async function deleteBundle(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const scope = entityScope(ctx, request, reply)
  if (!scope) return reply
  const db = ctx.store.db
  const outcome = db.transaction((): 'notFound' | 'hasMovements' | 'deleted' => {
    const id = positiveId((request.params as { id: string }).id)
    const bundle = id === undefined ? undefined : findBundle(ctx.store.statements, scope.entityId, id)
    if (!bundle) return 'notFound'
    if (bundleHasMovements(ctx.store.statements, bundle.id)) return 'hasMovements'
    // Components and taggings go with it (ON DELETE CASCADE).
    db.prepare('DELETE FROM bundles WHERE id = ?').run(bundle.id)
    return 'deleted'
  })()
  if (outcome === 'notFound') return sendError(reply, 404, `Couldn't find Bundle with 'id'=${(request.params as { id: string }).id}`)
  if (outcome === 'hasMovements') return sendValidationErrors(reply, { base: [bundleHasMovementsMessage] })
  return reply.code(204).send()
}

/** GET (list, show), POST, PATCH/PUT and DELETE of /inventories/bundles. */
export const bundleRoutes: RouteModule = (app, ctx) => {
  app.get('/inventories/bundles.json', (request, reply) => listBundles(ctx, request, reply))
  app.get('/inventories/bundles/:id.json', (request, reply) => showBundle(ctx, request, reply))
  // Multipart bodies carry the images (up to five files), far over the JSON default of 1 MB.
  const multipart = { bodyLimit: multipartBodyLimit }
  app.post('/inventories/bundles.json', multipart, (request, reply) => createBundle(ctx, request, reply))
  // Rails routes both verbs to update.
  app.patch('/inventories/bundles/:id.json', multipart, (request, reply) => updateBundle(ctx, request, reply))
  app.put('/inventories/bundles/:id.json', multipart, (request, reply) => updateBundle(ctx, request, reply))
  app.delete('/inventories/bundles/:id.json', (request, reply) => deleteBundle(ctx, request, reply))
}
