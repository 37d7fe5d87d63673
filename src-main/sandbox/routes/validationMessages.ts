/** Collects Rails-style validation messages, `{field: [messages]}`. */
export function errorMessagesFor() {
  const fields: Record<string, string[]> = {}
  return {
    fields,
    add(field: string, message: string): void {
      ;(fields[field] ??= []).push(message)
    },
    any(): boolean {
      return Object.keys(fields).length > 0
    },
  }
}
