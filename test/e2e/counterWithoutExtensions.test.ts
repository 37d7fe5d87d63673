import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, unexpectedProblems, signInTo } from './support/actions'

// The counter against a server with only what the real service offers (the sandbox's extensions off):
// no POS settings, no transfer requests. The form says what it does without (which destinations it offers
// is asserted in test/integration/core/counter.test.ts, run with extensions off by the integration-real project).
describe("the counter on a server without the sandbox's extensions", () => {
  let sandbox: RunningSandbox
  const app = useFreshApp({ training: false })
  beforeAll(async () => {
    sandbox = await startSandbox({ extensions: false })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it(
    'says destination filtering is not known there, hides booking from a transfer request, and says why',
    { timeout: 120_000 },
    async () => {
      const { page, problems } = app()
      const user = sandbox.users[0]!
      await signInTo(page, sandbox.url, user)

      await page.getByTestId('menu-newBooking').click()
      await page.getByTestId('newBooking-view').waitFor()
      const notes = page.getByTestId('booking-server-notes')
      await notes.waitFor({ timeout: 30_000 })
      await expectText(
        page.getByTestId('booking-note-category'),
        /filtrado de destinos por categoría de agencia no se conoce en este servidor/,
      )
      await expectText(page.getByTestId('booking-note-requests'), /no ofrece solicitudes de traslado/)
      expect(await page.getByTestId('booking-from-request-open').count()).toBe(0)

      for (const [width, height] of [
        [1024, 768],
        [1366, 768],
      ] as const) {
        await page.setViewportSize({ width, height })
        await notes.waitFor()
        await screenshot(page, `counter-without-extensions-${width}x${height}`)
      }
      expect(unexpectedProblems(problems)).toEqual([])
    },
  )
})
