import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import { sendError } from '../http/errorReplies'

/** Parses a control-door body; on failure answers 400 `{error}` naming the field and returns undefined. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.infer<S> | undefined {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
  sendError(reply, 400, `Invalid body: ${where}${issue?.message ?? 'not understood'}`)
  return undefined
}
