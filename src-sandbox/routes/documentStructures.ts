import { sendError } from '../http/errorReplies'
import { documentStructures, documentTypes, isDocumentType } from '../model/documentStructures'
import type { RouteModule } from './routeModule'

/** GET /apps/documents_structures/{type}.json: the fields of one document type. */
export const documentStructureRoutes: RouteModule = (app) => {
  app.get('/apps/documents_structures/:type.json', async (request, reply) => {
    const type = (request.params as { type: string }).type
    if (!isDocumentType(type)) {
      return sendError(reply, 404, `Unknown document type: ${type}. Known types: ${documentTypes.join(', ')}`)
    }
    return documentStructures[type]
  })
}
