/** Collects Rails-style validation messages, `{field: [messages]}`; a message is kept once per field. */
export function errorMessagesFor() {
  const fields: Record<string, string[]> = {}
  return {
    fields,
    add(field: string, message: string): void {
      const messages = (fields[field] ??= [])
      if (!messages.includes(message)) messages.push(message)
    },
    any(): boolean {
      return Object.keys(fields).length > 0
    },
  }
}
