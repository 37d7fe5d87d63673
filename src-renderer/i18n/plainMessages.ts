/** What vue-i18n's message syntax gives a meaning to: placeholders, links, plural forms. */
const syntax = /[{}@|]/

/**
 * Lets `t(key)` answer a message with nothing to fill in straight from the messages. vue-i18n builds a
 * message context at every call, even for a label, and the first screen asks for a few hundred labels
 * (about 20 ms of a cold start, measured in the profile); a label's text is the same however often it is
 * asked for. Anything else — arguments, a message with syntax, a key this language lacks (vue-i18n falls
 * back to Spanish) — goes to vue-i18n as before.
 */
export function answerPlainMessages(composer: { t: unknown; locale: { value: string } }, messages: Record<string, unknown>): void {
  const translate = composer.t as (...args: unknown[]) => string
  const plain = new Map<string, string | null>()
  composer.t = (...args: unknown[]) => {
    const [key] = args
    if (args.length === 1 && typeof key === 'string') {
      // Read through the ref, so that a screen showing the label follows a change of language.
      const locale = composer.locale.value
      const id = `${locale}\u0000${key}`
      let text = plain.get(id)
      if (text === undefined) plain.set(id, (text = plainText(messages[locale], key)))
      if (text !== null) return text
    }
    return translate(...args)
  }
}

function plainText(tree: unknown, key: string): string | null {
  let at = tree
  for (const part of key.split('.')) {
    if (at === null || typeof at !== 'object') return null
    at = (at as Record<string, unknown>)[part]
  }
  return typeof at === 'string' && !syntax.test(at) ? at : null
}
