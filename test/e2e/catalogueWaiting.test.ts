import { describe, expect, it } from 'vitest'
import { waitForLock } from '@core/processLock'
import { pullLockFile } from '@core/sync/pullLock'
import { entityCacheFile } from '../support/entityCacheFile'
import { useFreshApp } from './support/app'
import { screenshotAtBothWidths } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows } from './support/catalogue'
import { requestInApp } from './support/requests'

// Two Mostrador processes on one computer pull one catalogue in turn (core/sync/pullLock.ts): while another holds the
// pull, the clerk's «Actualizar» says it waits for it, the kept catalogue stays usable, and the pull goes on after.
describe('a pull while another process pulls the same catalogue', () => {
  const app = useFreshApp()

  it('says it waits for the other window, then updates the catalogue itself', { timeout: 120_000 }, async () => {
    const { page, dataDir, problems } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)

    // Another process on this computer (here: this test) takes the catalogue's pull, once a pull of the app's own (a
    // scheduled one, slower while the clerk works) has let it go.
    const release = await waitForLock(pullLockFile(entityCacheFile(dataDir).entity), 60_000)
    expect(release).not.toBeNull()
    const before = (await requestInApp(page, 'catalogue.status')).pulledAt
    try {
      // Forced: a scheduled pull may have begun since the screen was read (on a loaded machine), and then the button is
      // busy with it, a pull that waits for the other process as the clerk's would.
      await page.getByTestId('catalogue-refresh').click({ force: true })
      await expectText(page.getByTestId('catalogue-progress-phase'), 'Esperando a otra ventana de Mostrador que actualiza este catálogo')
      // The kept catalogue stays on screen meanwhile.
      expect(await page.getByTestId('catalogue-row').count()).toBeGreaterThan(0)
      await screenshotAtBothWidths(page, 'catalogue-waiting')
    } finally {
      release?.()
    }
    await page.getByTestId('catalogue-progress').waitFor({ state: 'detached', timeout: 60_000 })
    expect((await requestInApp(page, 'catalogue.status')).pulledAt).not.toBe(before)
    expect(await page.getByTestId('catalogue-pull-error').count()).toBe(0)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
