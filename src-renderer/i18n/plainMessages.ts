/** What vue-i18n's message syntax gives a meaning to: placeholders, links, plural forms. */
const syntax = /[{}@|]/
/** A named placeholder, `{name}`: the only syntax a message answered here may have. */
const placeholder = /\{(\w+)\}/g

/** A message as this module answers it: as it is, with named placeholders to fill in, or through vue-i18n (null). */
type Answer = { text: string; named: boolean } | null

/**
 * Lets `t(key)` and `t(key, { name: value })` answer a message straight from the messages when its only syntax
 * is named placeholders. vue-i18n builds a message context at every call, and compiles a message with
 * placeholders the first time it is asked for. The first screen asks for a few hundred labels (about 20 ms of
 * a cold start, measured in the profile) and dozens of filled-in messages (another 5–10 ms), and every scan
 * fills in a few (the line's lots, its notice). Anything else — a plural form, a link, a list of arguments, a
 * value that is not text or a number, a key this language lacks (vue-i18n falls back to Spanish) — goes to
 * vue-i18n as before; test/unit/renderer/plainMessages.test.ts holds every message against vue-i18n's answer.
 */
export function answerPlainMessages(composer: { t: unknown; locale: { value: string } }, messages: Record<string, unknown>): void {
  const translate = composer.t as (...args: unknown[]) => string
  const answers = new Map<string, Answer>()
  composer.t = (...args: unknown[]) => {
    const [key, named] = args
    if (typeof key === 'string' && (args.length === 1 || (args.length === 2 && isNamed(named)))) {
      // Read through the ref, so that a screen showing the message follows a change of language.
      const locale = composer.locale.value
      const id = `${locale}\u0000${key}`
      let answer = answers.get(id)
      if (answer === undefined) answers.set(id, (answer = answerOf(messages[locale], key)))
      if (answer && !answer.named) return answer.text
      if (answer && args.length === 2) {
        const filled = fill(answer.text, named as Record<string, unknown>)
        if (filled !== null) return filled
      }
    }
    return translate(...args)
  }
}

function isNamed(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function answerOf(tree: unknown, key: string): Answer {
  let at = tree
  for (const part of key.split('.')) {
    if (at === null || typeof at !== 'object') return null
    at = (at as Record<string, unknown>)[part]
  }
  if (typeof at !== 'string') return null
  if (!syntax.test(at)) return { text: at, named: false }
  return syntax.test(at.replace(placeholder, '')) ? null : { text: at, named: true }
}

/** The message with each `{name}` replaced by its value; null when a value is missing or not text or a number. */
function fill(text: string, named: Record<string, unknown>): string | null {
  let missing = false
  const filled = text.replace(placeholder, (_, name: string) => {
    const value = named[name]
    if (typeof value === 'string') return value
    if (typeof value === 'number') return String(value)
    missing = true
    return ''
  })
  return missing ? null : filled
}
