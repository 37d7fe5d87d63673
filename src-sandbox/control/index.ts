import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/errorReplies'
import { clockControl } from './clockControl'
import { controlDoorGuard } from './controlDoorGuard'
import { faultsControl } from './faultsControl'
import { resetControl } from './resetControl'
import { settingsControl } from './settingsControl'
import { usersControl } from './usersControl'

export const controlDoorPrefix = '/__sandbox'

/**
 * The control door: registered in its own scope so the guard covers every
 * route in it however its URL is spelled, and the fault hooks (registered in
 * the service's scope) never reach it.
 */
export async function controlDoor(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  app.addHook('onRequest', controlDoorGuard)
  for (const register of [faultsControl, resetControl, settingsControl, clockControl, usersControl]) register(app, ctx)
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `The control door has no ${request.method} ${request.url.split('?')[0]}`),
  )
}
