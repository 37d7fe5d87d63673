import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, logFiles } from '@core/logging/logger'

// Shaped like the real ones: a service token (opaque) and a GraphQL JWT (three base64url parts).
const TOKEN = 'tok_9fQ2xLmZ7vA1sKdP3rT8'
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiIsImV4cCI6MTg5OTk5OTk5OX0.c2lnbmF0dXJlLXNpZ25hdHVyZQ'
const OTHER_TOKEN = 'Zq81pLmN0vBx44aaRt' // never registered: caught by header shape only

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function allLogText(logDir: string): string {
  return logFiles(logDir)
    .map((f) => readFileSync(f.file, 'utf8'))
    .join('')
}

describe('log files', () => {
  it('never hold the token, the JWT or an X-User-Token value, whatever path they take', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mostrador-log-'))
    const log = await createLogger({ logDir: dir, level: 'debug' })
    log.addSecret(TOKEN)

    // An object with headers, as a careless request log would pass them.
    log.info('request', {
      method: 'GET',
      path: '/profile.json',
      headers: { 'X-User-Email': 'ana@example.com', 'X-User-Token': TOKEN, Authorization: `Bearer ${JWT}` },
    })
    // An axios-like error carrying its config (with headers) and response.
    const axiosError = Object.assign(new Error(`Request failed with status code 500 (token ${TOKEN})`), {
      code: 'ERR_BAD_RESPONSE',
      config: {
        method: 'post',
        url: '/v1/graphql',
        headers: { 'X-User-Token': TOKEN, Authorization: `Bearer ${JWT}` },
        data: `{"jwt":"${JWT}"}`,
      },
      response: { status: 500, data: `bad jwt ${JWT}` },
    })
    log.error('push failed', { err: axiosError })
    // Interpolated into the message itself.
    log.warn(`retrying with X-User-Token: ${OTHER_TOKEN} and jwt ${JWT} for ${TOKEN}`)
    // A child logger, with a secret in its bindings and in its fields.
    const child = log.child({ area: 'sync', auth: `Authorization: Bearer ${JWT}` })
    child.info('pushed', { detail: `header X-User-Token=${OTHER_TOKEN}`, nested: { deeper: { token: TOKEN, note: TOKEN } } })
    child.child({ entity: 7 }).debug(`jwt renewed: ${JWT}`)
    // A secret learnt by a child is scrubbed everywhere.
    const LATER = 'renewed-token-ABCDEFGH123'
    child.addSecret(LATER)
    log.info(`after renewal ${LATER}`)
    await log.close()

    const text = allLogText(dir)
    expect(logFiles(dir).length).toBeGreaterThan(0)
    expect(text).toContain('push failed')
    expect(text).toContain('ana@example.com') // the e-mail is not a secret and helps support
    expect(text).toContain('"status":500')
    expect(text).toContain('/v1/graphql')
    for (const secret of [TOKEN, JWT, OTHER_TOKEN, LATER, 'eyJhbGciOiJIUzI1NiJ9']) expect(text).not.toContain(secret)
    expect(text.match(/\[redacted\]/g)?.length ?? 0).toBeGreaterThanOrEqual(10)
  })

  it('roll over by size and keep a bounded number of files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mostrador-log-'))
    const log = await createLogger({ logDir: dir, maxFileBytes: 2048, keepFiles: 2 })
    // Written over time as an app does: a file rolls once its writes have drained.
    for (let i = 0; i < 200; i++) {
      log.info(`line ${i} ${'x'.repeat(60)}`)
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 10))
    }
    await log.close()
    const files = logFiles(dir)
    expect(files.length).toBeGreaterThan(1)
    expect(files.length).toBeLessThanOrEqual(3)
    expect(allLogText(dir)).toContain('line 199')
  })
})
