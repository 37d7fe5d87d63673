import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'

/** One service area's REST routes, registered behind the user authentication hook. */
export type RouteModule = (app: FastifyInstance, ctx: SandboxContext) => void
