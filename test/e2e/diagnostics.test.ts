import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { expectText, openDiagnostics, startTraining, unexpectedProblems } from './support/actions'
import { createBookingInApp } from './support/bookings'

const scratch = mkdtempSync(join(tmpdir(), 'mostrador-e2e-support-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Presses the bundle button and returns the zip's entries as text. */
async function makeBundle(page: Page): Promise<{ name: string; entries: Record<string, string> }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('support-bundle-make').click()])
  const path = join(scratch, download.suggestedFilename())
  await download.saveAs(path)
  const entries = Object.fromEntries(Object.entries(unzipSync(readFileSync(path))).map(([n, b]) => [n, strFromU8(b)]))
  return { name: download.suggestedFilename(), entries }
}

describe('Help → Diagnostics', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('after a power cut emptied the cache: a banner says the unsent bookings came back, doctor names the file kept aside, the bundle carries it when ticked', async () => {
    const { page, problems, dataDir, stopTrainingService, restartHost } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    // Saved while the service is away: both wait in the outbox.
    await stopTrainingService()
    const facts = bookingFacts[101]
    for (const reference of ['E2E cut 1', 'E2E cut 2'])
      await createBookingInApp(page, {
        agencyToId: facts.sameCategoryAgency,
        plannedDelivery: '2026-12-01',
        reference,
        lines: [{ itemId: facts.stockedItem.id, bookedQuantity: '1' }],
      })
    const cache = join(dataDir, 'accounts', 'training', 'entity-101.sqlite')
    // The computer goes down; the file system keeps the cache's name and loses its bytes.
    await restartHost(() => truncateSync(cache, 0))
    await page.getByTestId('start-training').click()
    const notice = page.getByTestId('data-notice')
    await notice.waitFor()
    expect(await notice.getAttribute('data-recovered')).toBe('2')
    expect(await notice.getAttribute('data-lost')).toBe('0')
    await expectText(notice, /Datos locales dañados.*2 reservas sin enviar recuperadas, 0 no se pudieron recuperar/)
    await screenshot(page, 'diagnostics-03-data-notice-es')

    await page.getByTestId('data-notice-diagnostics').click()
    await page.getByTestId('diagnostics-summary').waitFor()
    expect(await page.getByTestId('check-setAside').getAttribute('data-level')).toBe('error')
    await expectText(page.getByTestId('check-setAside'), /entity-101\.\d{8}-\d{6}\.sqlite/)

    // Off by default: the damaged file goes to support only when ticked.
    expect(await page.getByTestId('support-bundle-include-set-aside').getAttribute('aria-checked')).toBe('false')
    const plain = await makeBundle(page)
    expect(Object.keys(plain.entries).some((n) => n.startsWith('set-aside/'))).toBe(false)
    await page.getByTestId('support-bundle-include-set-aside').click()
    const withFiles = await makeBundle(page)
    expect(Object.keys(withFiles.entries)).toContainEqual(
      expect.stringMatching(/^set-aside\/accounts\/training\/set-aside\/entity-101\.\d{8}-\d{6}\.sqlite$/),
    )

    await page.getByTestId('data-notice-dismiss').click()
    await expect.poll(() => page.getByTestId('data-notice').count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('shows every check green in training mode, in Spanish and English, and makes a support bundle without the token', async () => {
    const { page, problems, trainingService } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await openDiagnostics(page)
    expect(await page.getByTestId('diagnostics-summary').getAttribute('data-ok')).toBe('true')
    await expectText(page.getByTestId('diagnostics-summary'), 'Todo en orden')
    expect(await page.getByTestId('check-service').getAttribute('data-level')).toBe('ok')
    await expectText(page.getByTestId('check-service'), /Servicio accesible: http:\/\/127\.0\.0\.1:\d+/)
    await expectText(page.getByTestId('check-dataFolder'), 'Carpeta de datos con permiso de escritura')
    await screenshot(page, 'diagnostics-01-es-1366')

    await page.getByTestId('language-en').click()
    await expectText(page.getByTestId('diagnostics-summary'), 'All good')
    await expectText(page.getByTestId('check-service'), /Service reachable/)
    await expectText(page.getByTestId('menu-help'), 'Help')
    await expectText(page.getByTestId('menu-diagnostics'), 'Diagnostics')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'diagnostics-02-en-1024')

    // Off by default: no business data in the bundle.
    expect(await page.getByTestId('support-bundle-include-data').getAttribute('aria-checked')).toBe('false')
    const plain = await makeBundle(page)
    expect(plain.name).toMatch(/^mostrador-support-\d{8}-\d{6}\.zip$/)
    expect(Object.keys(plain.entries)).toEqual(
      expect.arrayContaining(['manifest.json', 'doctor.json', 'doctor.txt', 'outbox.json', 'versions.json']),
    )
    expect(Object.keys(plain.entries).some((n) => n.startsWith('data/'))).toBe(false)
    const { token } = await trainingService()
    for (const [name, content] of Object.entries(plain.entries)) expect(content, name).not.toContain(token)

    await page.getByTestId('support-bundle-include-data').click()
    const withData = await makeBundle(page)
    expect(Object.keys(withData.entries)).toContain('data/business-data.json')
    expect(JSON.parse(withData.entries['manifest.json']!).includeData).toBe(true)
    for (const [name, content] of Object.entries(withData.entries)) expect(content, name).not.toContain(token)

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('checks the service: every read offered, then a refused table named with what stops working', async () => {
    const { page, problems, trainingService } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    await openDiagnostics(page)
    await page.getByTestId('service-check-run').click()
    await page.getByTestId('service-check-summary').waitFor()
    expect(await page.getByTestId('service-check-summary').getAttribute('data-ok')).toBe('true')
    await expectText(
      page.getByTestId('service-check-summary'),
      /El servidor ofrece todo lo que la aplicación necesita \(5 de 5 extensiones presentes\)/,
    )
    await expectText(page.getByTestId('service-check-graphql-ok'), 'tables.rows')
    expect(await page.getByTestId('service-ext-bundleTags').getAttribute('data-present')).toBe('true')

    // Training runs with every extension: make it refuse the dynamic tables' rows, as a role may be refused a table
    // (two documents read them: the rows, and the rows added since a write whose answer was lost).
    const service = await trainingService()
    const refuse = (fields: string[]) =>
      fetch(`${service.url}/__sandbox/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ graphql_refused_root_fields: fields }),
      })
    expect((await refuse(['webapp_rows'])).status).toBe(200)
    await page.getByTestId('service-check-run').click()
    await expect.poll(() => page.getByTestId('service-check-summary').getAttribute('data-ok'), { timeout: 10_000 }).toBe('false')
    await expectText(page.getByTestId('service-check-summary'), /El servidor rechaza 2 partes que la aplicación necesita/)
    await expectText(
      page.getByTestId('service-doc-tables.rows'),
      /Rechazada.*Las filas de las tablas dinámicas no se pueden leer\..*webapp_rows/s,
    )
    await page.getByTestId('service-check').scrollIntoViewIfNeeded()
    await screenshot(page, 'diagnostics-05-service-check-es-1366')
    await page.getByTestId('language-en').click()
    await expectText(page.getByTestId('service-doc-tables.rows'), /Refused.*Dynamic tables' rows cannot be read\./s)
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'diagnostics-06-service-check-en-1024')
    await refuse([])
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('shows the service as unreachable once it stops, after "Run again"', async () => {
    const { page, stopTrainingService } = app()
    await page.setViewportSize({ width: 1024, height: 768 })
    await startTraining(page)
    await openDiagnostics(page)
    expect(await page.getByTestId('check-service').getAttribute('data-level')).toBe('ok')

    await stopTrainingService()
    await page.getByTestId('diagnostics-run').click()
    await expect.poll(() => page.getByTestId('check-service').getAttribute('data-level'), { timeout: 15_000 }).toBe('error')
    await expectText(page.getByTestId('check-service'), /Servicio inaccesible/)
    expect(await page.getByTestId('diagnostics-summary').getAttribute('data-ok')).toBe('false')
    await expectText(page.getByTestId('diagnostics-summary'), 'Hay 1 problema')
    await screenshot(page, 'diagnostics-03-unreachable-1024')
  })

  it('opens from the sign-in screen, before signing in, and goes back', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByTestId('sign-in').waitFor()
    await page.getByTestId('sign-in-diagnostics').click()
    await page.getByTestId('diagnostics-page').waitFor()
    await page.getByTestId('diagnostics-summary').waitFor()
    // No service known yet: a warning that says how to name one, not a failure.
    expect(await page.getByTestId('check-service').getAttribute('data-level')).toBe('warn')
    await expectText(page.getByTestId('check-service'), 'No hay un servicio configurado')
    expect(await page.getByTestId('check-dataFolder').getAttribute('data-level')).toBe('ok')
    expect(await page.getByTestId('diagnostics-summary').getAttribute('data-ok')).toBe('true')
    await screenshot(page, 'diagnostics-04-signed-out-1024')
    await page.getByTestId('diagnostics-back').click()
    await page.getByTestId('sign-in-card').waitFor()
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
