/** What a clerk is told of a command that failed: its code and the field it named. Throws if it succeeded. */
export function failureOf(command: Promise<unknown>): Promise<{ code: string | undefined; field: string | null }> {
  return command.then(
    () => {
      throw new Error('the service accepted it')
    },
    (err: { code?: string; field?: string | null }) => ({ code: err.code, field: err.field ?? null }),
  )
}
