import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { controlDoor, controlDoorPrefix } from '../control'
import { graphqlEndpoint } from '../routes/graphqlEndpoint'
import { restRouteModules } from '../routes'
import { uploadRoutes } from '../routes/uploads'
import { sendError } from './errorReplies'
import { installCompression } from './compressedAnswers'
import { installFaultHooks } from './faultHooks'
import { installJsonBodyParser } from './jsonBodyParser'
import { installMultipartBodyParser } from './multipartBodyParser'
import { userAuthHook } from './userAuth'

/**
 * The sandbox's HTTP server. Three scopes: the service (faults apply) holding
 * the REST routes (behind user authentication) and GraphQL (behind its JWT),
 * and the control door (loopback only, no faults).
 */
export function createServer(ctx: SandboxContext): FastifyInstance {
  // forceCloseConnections: close() must not wait for a client's idle keep-alive socket.
  const app = Fastify({ logger: false, forceCloseConnections: true })
  installJsonBodyParser(app)
  installMultipartBodyParser(app)

  app.setErrorHandler((err: FastifyError, _request, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500
    return sendError(reply, status, status >= 500 ? `Internal sandbox error: ${err.message}` : err.message)
  })
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `No such route: ${request.method} ${request.url.split('?')[0]} (REST paths end in .json)`),
  )

  app.register(async (service) => {
    // The answers' Date follows the sandbox's clock, as a real server's follows its own: a test moving
    // the clock sees a computer whose clock is off, as a shop's often is.
    service.addHook('onSend', async (_request, reply, payload) => {
      reply.header('date', ctx.clock.now().toUTCString())
      return payload
    })
    const shaped = installFaultHooks(service, ctx.faults)
    // After the faults: a shaped answer goes out as the fault made it.
    installCompression(service, shaped)
    service.register(async (rest) => {
      rest.addHook('onRequest', userAuthHook(ctx))
      for (const register of restRouteModules) register(rest, ctx)
    })
    graphqlEndpoint(service, ctx)
    // The address itself answers, as the real service's home page does: doctor's reachability check asks it.
    service.get('/', async () => ({ service: 'Mostrador sandbox' }))
    // Public files (logos), outside the user authentication like a web server's static folder.
    service.register(async (files) => uploadRoutes(files, ctx))
  })

  app.register(async (control) => controlDoor(control, ctx), { prefix: controlDoorPrefix })
  return app
}
