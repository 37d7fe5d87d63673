import { isPlainObject, sendMissingParam, sendValidationErrors } from '../http/errorReplies'
import { importBundles } from '../imports/bundleImport'
import { readImportFile } from '../imports/importFile'
import { toStoredTimestamp } from '../timestamps'
import { entityScope } from './bundleScope'
import type { RouteModule } from './routeModule'

/** Room for the largest spreadsheet the client sends (20,000 rows) and the form around it. */
const importBodyLimit = 30 * 1024 * 1024

/**
 * POST /inventories/bundles/bundle_imports.json, multipart `bundle_import[file]`
 * (importFile.ts): `{}` when every row was imported, 422 `{file: [messages]}`
 * and nothing imported otherwise.
 */
export const bundleImportRoutes: RouteModule = (app, ctx) => {
  app.post('/inventories/bundles/bundle_imports.json', { bodyLimit: importBodyLimit }, async (request, reply) => {
    const scope = entityScope(ctx, request, reply)
    if (!scope) return reply
    const body = request.body
    if (!isPlainObject(body) || !isPlainObject(body.bundle_import)) return sendMissingParam(reply, 'bundle_import')
    const file = await readImportFile(body.bundle_import.file)
    if (!file.ok) return sendValidationErrors(reply, { file: [file.message] })
    const outcome = importBundles(ctx.store.db, ctx.store.statements, file.rows, {
      entityId: scope.entityId,
      userId: scope.user.id,
      now: toStoredTimestamp(ctx.clock.now()),
    })
    if (!outcome.ok) return sendValidationErrors(reply, { file: outcome.messages })
    return {}
  })
}
