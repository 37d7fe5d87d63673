import { AppError } from '@shared/errors'

/** Enough for the connections a thread keeps to one service, each of which the service may have cut at once. */
const TRIES_AT_MOST = 4

/**
 * A reset met by a request sent on a kept-alive connection (Node's `reusedSocket`): most often the
 * service had closed that idle connection as the request left on it, so it says nothing of the line.
 */
export function resetOnKeptConnection(err: unknown): boolean {
  if (!(err instanceof AppError) || err.code !== 'unknown_outcome') return false
  const cause: unknown = err.cause
  if (!cause || typeof cause !== 'object' || !('request' in cause)) return false
  const request: unknown = cause.request
  return !!request && typeof request === 'object' && 'reusedSocket' in request && request.reusedSocket === true
}

/**
 * Opens an answer; a request that only reads and met a reset on a kept-alive connection is asked again
 * on another, so what the line says is what a live connection finds (a service gone refuses it). A write
 * is never sent again on that account: its outcome is unknown and is read back.
 */
export async function openOnLiveConnection<T>(open: () => Promise<T>, onlyReads: boolean): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await open()
    } catch (err) {
      if (!onlyReads || tries >= TRIES_AT_MOST || !resetOnKeptConnection(err)) throw err
    }
  }
}
