import type { FastifyInstance } from 'fastify'

/**
 * The service's clients send `Content-Type: application/json` on every call,
 * bodiless DELETEs and GETs included; Fastify's own parser rejects an empty
 * JSON body, so an empty one is read as "no body" here.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') {
      done(null, undefined)
      return
    }
    strict(request, String(body), done)
  })
}
