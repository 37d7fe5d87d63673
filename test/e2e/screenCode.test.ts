import { describe, expect, it } from 'vitest'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { chooseDiagnostics, startTraining, unexpectedProblems } from './support/actions'

// A screen's code is a file of its own, fetched the first time the screen opens. An update that replaced the app's
// files while it ran leaves the running page naming files that are gone: here, the browser refuses the file.
const diagnosticsCode = '**/assets/DiagnosticsView-*.js'

/** What went wrong on the page, less the refused file's own report. */
const problemsBesides = (problems: string[]) =>
  unexpectedProblems(problems).filter((p) => !/^console: Failed to load resource: net::ERR_FAILED \(.*\/DiagnosticsView-/.test(p))

describe('a screen whose code cannot be fetched', () => {
  const app = useFreshApp()

  it('opens after the page is loaded again at it, by itself', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1366, height: 768 })
    await startTraining(page)
    // Gone from this page's files; there again in the page loaded anew (an update's new files).
    const loads: string[] = []
    page.on('request', (request) => request.isNavigationRequest() && loads.push(request.url()))
    await page.route(diagnosticsCode, (route) => (loads.length === 0 ? route.abort() : route.continue()))
    await chooseDiagnostics(page)
    await page.getByTestId('diagnostics-view').waitFor()
    expect(loads).toHaveLength(1)
    expect(new URL(page.url()).hash).toBe('#/help/diagnostics')
    expect(await page.getByTestId('screen-unavailable').count()).toBe(0)
    expect(problemsBesides(problems)).toEqual([])
  })

  it('says so when it fails again, keeps the app usable, and opens it on a retry once the file is there', async () => {
    const { page, problems } = app()
    await page.setViewportSize({ width: 1024, height: 768 })
    await startTraining(page)
    await page.route(diagnosticsCode, (route) => route.abort())
    const loads: string[] = []
    page.on('request', (request) => request.isNavigationRequest() && loads.push(request.url()))
    await chooseDiagnostics(page)
    const notice = page.getByTestId('screen-unavailable')
    await notice.waitFor()
    // Loaded again once, not over and over; the landing screen under the notice, its menu at hand.
    expect(loads).toHaveLength(1)
    await expect.poll(() => new URL(page.url()).hash).not.toBe('#/help/diagnostics')
    await page.getByTestId('profile-name').waitFor()
    expect(await notice.innerText()).toMatch(/No se pudo abrir «Diagnóstico»[\s\S]*ciérrelo y vuelva a abrirlo/)
    await screenshot(page, 'screen-code-01-unavailable-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'screen-code-02-unavailable-1366')

    await page.unroute(diagnosticsCode)
    await notice.getByTestId('screen-unavailable-retry').click()
    await page.getByTestId('diagnostics-view').waitFor()
    expect(loads).toHaveLength(2)
    expect(await notice.count()).toBe(0)
    expect(problemsBesides(problems)).toEqual([])
  })
})
