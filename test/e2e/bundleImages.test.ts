import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { bundleFacts } from '@sandbox/seed/bundleFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, text, unexpectedProblems } from './support/actions'
import { openCatalogueWithRows } from './support/catalogue'
import { notAnImage, solidPng } from '../support/sampleImages'

const facts = bundleFacts[101]

async function openBundle(page: Page, id: number): Promise<void> {
  await page.evaluate(`location.hash = '#/catalogue/bundles/${id}'`)
  await page.getByTestId('bundle-images').waitFor()
}

/** Whether the slot's <img> really decoded a picture (not a broken image). */
const decoded = (page: Page, slot: number) =>
  page
    .getByTestId(`bundle-image-${slot}-thumb`)
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)

/** A file dropped on a slot, as the OS would hand it to the page. */
async function dropFile(page: Page, slot: number, name: string, type: string, bytes: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, type, data }) => {
      const dt = new DataTransfer()
      dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type }))
      return dt
    },
    { name, type, data: bytes.toString('base64') },
  )
  await page.getByTestId(`bundle-image-${slot}`).dispatchEvent('dragover', { dataTransfer: transfer })
  await page.getByTestId(`bundle-image-${slot}`).dispatchEvent('drop', { dataTransfer: transfer })
}

describe('bundle images and forms', () => {
  const app = useFreshApp()

  it('sets an image from the screen, shows its thumbnail, refuses a wrong file, removes it after confirming; forms are shown read only', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await openBundle(page, facts.withMovements.id)

    // Associated forms: one small table per form.
    await page.getByTestId('bundle-form-0').waitFor()
    await expectText(page.getByTestId('bundle-form-0'), /Ficha técnica.*Material.*Pino tratado.*Apto para exteriores.*Sí/)
    await expectText(page.getByTestId('bundle-form-1'), /Control de calidad.*Revisado por.*Ana López/)

    // Set image 2 with the file picker: the thumbnail is the picture the service now serves.
    await page
      .getByTestId('bundle-image-2-input')
      .setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: solidPng(64, [24, 160, 88]) })
    await expect.poll(() => page.getByTestId('bundle-image-2').getAttribute('data-state'), { timeout: 15_000 }).toBe('set')
    await expect.poll(() => decoded(page, 2)).toBe(true)
    const src = await page.getByTestId('bundle-image-2-thumb').getAttribute('src')
    const service = await trainingService()
    expect(src).toMatch(new RegExp(`^${service.url}/uploads/bundle/image2/${facts.withMovements.id}/thumbnail_fill_frente\\.png$`))
    await expectText(page.getByTestId('bundle-image-2-pick'), 'Reemplazar')

    // A text file dropped on slot 3 is refused before anything is sent.
    await dropFile(page, 3, 'foto.png', 'image/png', notAnImage)
    await expectText(page.getByTestId('bundle-image-3-error'), 'El archivo no es una imagen PNG, JPEG, GIF o WebP.')
    expect(await page.getByTestId('bundle-image-3').getAttribute('data-state')).toBe('empty')
    // A real picture dropped on slot 3 is kept.
    await dropFile(page, 3, 'lado.png', 'image/png', solidPng(48, [230, 140, 20]))
    await expect.poll(() => page.getByTestId('bundle-image-3').getAttribute('data-state'), { timeout: 15_000 }).toBe('set')
    await expect.poll(() => decoded(page, 3)).toBe(true)
    expect(await page.getByTestId('bundle-image-3-error').count()).toBe(0)

    await page.getByTestId('bundle-images').scrollIntoViewIfNeeded()
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'bundle-images-1024')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'bundle-images-1366')
    await page.getByTestId('bundle-forms').scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-forms-1366')
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByTestId('bundle-forms').scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-forms-1024')

    // Remove image 2: the dialog asks first, cancelling keeps it.
    await page.getByTestId('bundle-image-2-remove').click()
    await page.getByTestId('bundle-image-remove-cancel').click()
    await page.getByTestId('bundle-image-remove-dialog').waitFor({ state: 'detached' })
    expect(await page.getByTestId('bundle-image-2').getAttribute('data-state')).toBe('set')
    await page.getByTestId('bundle-image-2-remove').click()
    await expectText(page.getByTestId('bundle-image-remove-dialog'), '¿Eliminar la imagen 2?')
    await page.getByTestId('bundle-image-remove-confirm').click()
    await expect.poll(() => page.getByTestId('bundle-image-2').getAttribute('data-state')).toBe('empty')
    expect((await fetch(src!)).status).toBe(404)
    // The picture stays gone after reading the bundle again.
    await page.reload()
    await page.getByTestId('bundle-images').waitFor()
    await expect.poll(() => page.getByTestId('bundle-image-3').getAttribute('data-state')).toBe('set')
    expect(await page.getByTestId('bundle-image-2').getAttribute('data-state')).toBe('empty')

    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('shows a placeholder for an image whose address does not load, and says when a bundle has no forms', async () => {
    const { page, problems, trainingService } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    const service = await trainingService()
    const list = (await (
      await fetch(`${service.url}/inventories/bundles.json`, { headers: { 'X-User-Email': service.email, 'X-User-Token': service.token } })
    ).json()) as { id: number; image: { url: string | null } }[]
    // Seeded pictures live on a host that never resolves; a bundle past the first three has no forms.
    const unreachable = list.slice(3).find((b) => b.image.url?.includes('static.mostrador.test'))!
    await openBundle(page, unreachable.id)
    await page.getByTestId('bundle-image-1-placeholder').waitFor({ timeout: 15_000 })
    await expectText(page.getByTestId('bundle-image-1-placeholder'), 'La imagen no se pudo mostrar')
    await expectText(page.getByTestId('bundle-forms-none'), 'Este conjunto no tiene formularios asociados.')
    expect(await text(page.getByTestId('bundle-image-1-pick'))).toBe('Reemplazar')
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByTestId('bundle-images').scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-images-unreachable-1024')
    // The failed load is the seed's unreachable host, and nothing else.
    expect(problems.some((p) => p.includes('static.mostrador.test'))).toBe(true)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

describe('bundle images offline', () => {
  const app = useFreshApp({ stoppableTraining: true })

  it('shows the cached pictures with the placeholder, locks the changes and says forms need a connection', async () => {
    const { page, problems, stopTrainingService, trainingService } = app()
    await startTraining(page)
    await openCatalogueWithRows(page)
    await openBundle(page, facts.deletable.id)
    await page
      .getByTestId('bundle-image-1-input')
      .setInputFiles({ name: 'sin-red.png', mimeType: 'image/png', buffer: solidPng(32, [90, 90, 200]) })
    await expect.poll(() => page.getByTestId('bundle-image-1').getAttribute('data-state'), { timeout: 15_000 }).toBe('set')
    const address = (await trainingService()).url

    await stopTrainingService()
    await page.getByTestId('bundle-load-latest').click()
    await expectText(page.getByTestId('status-connection'), 'Sin conexión')
    await page.reload()
    await page.getByTestId('bundle-images').waitFor()

    await expectText(page.getByTestId('bundle-images'), 'Sin conexión: las imágenes se muestran como se guardaron en este equipo')
    // The cached address of the new picture is kept; the service being gone, the placeholder shows.
    expect(await page.getByTestId('bundle-image-1').getAttribute('data-state')).toBe('set')
    await page.getByTestId('bundle-image-1-placeholder').waitFor({ timeout: 15_000 })
    for (const slot of [1, 2, 3, 4, 5]) expect(await page.getByTestId(`bundle-image-${slot}-pick`).isDisabled()).toBe(true)
    expect(await page.getByTestId('bundle-image-1-remove').isDisabled()).toBe(true)
    await expectText(page.getByTestId('bundle-forms-offline'), 'Los formularios se leen del servicio: conéctese para verlos.')
    expect(await page.getByTestId('bundle-media-error').count()).toBe(0)
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByTestId('bundle-images').scrollIntoViewIfNeeded()
    await screenshot(page, 'bundle-images-offline-1024')
    // Only the stopped service's picture failed to load.
    expect(unexpectedProblems(problems).filter((p) => !p.includes(address))).toEqual([])
  })
})
