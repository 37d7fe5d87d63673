import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { SandboxContext } from '../context'
import { findUserByCredentials, type UserRow } from '../model/users'
import { sendError } from './errorReplies'

const users = new WeakMap<FastifyRequest, UserRow>()

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** REST authentication: X-User-Email and X-User-Token must match a user. */
export function userAuthHook(ctx: SandboxContext): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const email = header(request, 'x-user-email')
    const token = header(request, 'x-user-token')
    if (!email || !token) {
      return sendError(reply, 401, 'Missing X-User-Email or X-User-Token header: you need to sign in or sign up before continuing.')
    }
    const user = findUserByCredentials(ctx.store.db, email, token)
    if (!user)
      return sendError(
        reply,
        401,
        'Invalid e-mail or token (X-User-Email / X-User-Token): you need to sign in or sign up before continuing.',
      )
    users.set(request, user)
  }
}

/** The user the auth hook admitted; route handlers behind it can rely on one being there. */
export function requestUser(request: FastifyRequest): UserRow {
  const user = users.get(request)
  if (!user) throw new Error('route is not behind the user authentication hook')
  return user
}
