import type { AppError } from '@shared/errors'

/** The request did not reach the service or got no answer: the form is kept and can be sent again. */
export function isConnectionProblem(error: AppError | null): boolean {
  return !!error && (error.code === 'network' || error.code === 'timeout' || error.code === 'unknown_outcome')
}
