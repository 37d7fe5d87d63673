import type { FastifyReply } from 'fastify'

/** The service's error body for everything that is not a field validation: `{error: message}`. */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ error: message })
}

/** The service's validation body, `{field: [messages]}`, with 422 (the status Rails gives it). */
export function sendValidationErrors(reply: FastifyReply, fields: Record<string, string[]>): FastifyReply {
  return reply.code(422).send(fields)
}

/** Rails' answer when the root key of a body is absent (ActionController::ParameterMissing). */
export function sendMissingParam(reply: FastifyReply, key: string): FastifyReply {
  return sendError(reply, 400, `param is missing or the value is empty: ${key}`)
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
