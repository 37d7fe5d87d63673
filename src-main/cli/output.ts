import { AppError } from '@shared/errors'

/** Exit codes: 0 done, 1 the service or the data said no, 2 the command line was wrong. */
export const EXIT_OK = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2

export class UsageError extends Error {}

export interface Output {
  json: boolean
  /** One result: the JSON document with --json, else the human text. */
  result(value: unknown, human: () => string): void
  info(line: string): void
}

export function createOutput(json: boolean, out = process.stdout, err = process.stderr): Output {
  return {
    json,
    result(value, human) {
      out.write(json ? `${JSON.stringify(value)}\n` : `${human()}\n`)
    },
    // Progress and notes go to stderr so stdout stays one JSON document.
    info(line) {
      err.write(`${line}\n`)
    },
  }
}

/** Prints a failure the way the caller asked for and returns the exit code. */
export function reportFailure(err: unknown, json: boolean, language: 'es' | 'en' = 'en'): number {
  if (err instanceof UsageError) {
    if (json) process.stdout.write(`${JSON.stringify({ error: { code: 'usage', message: err.message, fields: {} } })}\n`)
    else process.stderr.write(`mostrador: ${err.message}\n`)
    return EXIT_USAGE
  }
  const appError = AppError.from(err)
  const p = appError.toPayload()
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ error: { code: p.code, message: p.message[language], detail: p.detail, fields: p.fields } })}\n`,
    )
  } else {
    const lines = [`mostrador: ${p.message[language]}`]
    if (p.detail && p.detail !== p.message[language]) lines.push(`  ${p.detail}`)
    for (const [field, messages] of Object.entries(p.fields)) lines.push(`  ${field}: ${messages.join('; ')}`)
    process.stderr.write(`${lines.join('\n')}\n`)
  }
  return EXIT_FAILED
}
