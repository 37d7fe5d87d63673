import type { AppError } from '@shared/errors'

/**
 * Whether a form's fields already say everything an error refused: then the notice above them would only
 * repeat it in general words ("Los datos recibidos no son válidos."), so the form leaves it out. An error
 * that names no field, or a field the form does not show, still needs the notice.
 */
export function saidOnFields<F extends string>(
  error: AppError | null,
  shown: readonly F[],
  feedback: (field: F) => string | null,
): boolean {
  if (!error) return false
  const refused = Object.keys(error.fields)
  if (refused.length === 0) return false
  return refused.every((name) => {
    const field = shown.find((f) => f === name)
    return field !== undefined && feedback(field) !== null
  })
}
