import type { RestClient } from './restClient'

/**
 * The path the idle heartbeat asks: the signed-in user's profile, which every
 * account may read and which the service check already asks with HEAD
 * (probedRestPaths.ts). Rails answers a HEAD as its GET without the body, so
 * the service does the least work it can for an authenticated question.
 */
export const heartbeatPath = '/profile.json'

/**
 * Asks the service whether it answers, within the heartbeat's own short deadline
 * (answerLimits.ts). The outcome moves the connection state through the client's
 * contact listener, like any other exchange; a failure is thrown as its AppError.
 */
export async function heartbeat(rest: RestClient): Promise<void> {
  await rest.headStatus(heartbeatPath, { kind: 'heartbeat', recordContact: true })
}
