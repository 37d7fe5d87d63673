import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, focusIn, startTraining, unexpectedProblems } from './support/actions'
import { dispatchCard, openDispatch } from './support/bookings'
import { requestInApp } from './support/requests'
import { solidPng } from '../support/sampleImages'

// Issue 33 §2: the receiver's name and signature on a delivery, drawn in Chromium on the real pad
// (signature_pad), rendered with the name and time beneath it on this computer; and §1's picture of the
// shipping, from the ship's question on Dispatch.
const facts = bookingFacts[101]

const signBody = z.object({ payload: z.object({ id: z.string(), receiver: z.string(), base64: z.string() }) })

/** What the page sends when the receiver signs: the name and the signed image's bytes. */
function recordSigned(page: Page): { receiver: string; bytes: Buffer }[] {
  const sent: { receiver: string; bytes: Buffer }[] = []
  page.on('request', (req) => {
    if (req.method() !== 'POST' || new URL(req.url()).pathname !== '/rpc/bookings.signDelivery') return
    const body = signBody.parse(JSON.parse(req.postData() ?? 'null'))
    sent.push({ receiver: body.payload.receiver, bytes: Buffer.from(body.payload.base64, 'base64') })
  })
  return sent
}

async function openByScan(page: Page, id: number): Promise<void> {
  await page.getByTestId('dispatch-scan').locator('input').focus()
  await page.keyboard.type(String(id))
  await page.keyboard.press('Enter')
  await expect.poll(() => dispatchCard(page, id).getAttribute('data-active')).toBe('true')
}

/** A signature as a hand draws it: a few strokes across the pad with the mouse. */
async function drawSignature(page: Page): Promise<void> {
  const box = (await page.getByTestId('signature-pad').boundingBox())!
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const
  for (const stroke of [
    [
      [0.15, 0.6],
      [0.25, 0.3],
      [0.35, 0.65],
      [0.45, 0.35],
    ],
    [
      [0.5, 0.55],
      [0.62, 0.4],
      [0.75, 0.6],
      [0.85, 0.45],
    ],
  ]) {
    await page.mouse.move(...at(stroke[0]![0]!, stroke[0]![1]!))
    await page.mouse.down()
    for (const [x, y] of stroke.slice(1)) await page.mouse.move(...at(x!, y!), { steps: 8 })
    await page.mouse.up()
  }
}

describe('dispatch: the receiver signs for a delivery', () => {
  const app = useFreshApp({ fakeCamera: true })

  it('takes a photo and a signature over the delivery question; the card shows both, the photo is the one sent', async () => {
    const { page, problems } = app()
    const id = facts.bookings.inTransitIncoming
    const signed = recordSigned(page)
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openDispatch(page)
    await openByScan(page, id)

    await page.keyboard.press('Enter')
    await page.getByTestId('deliver-dialog').waitFor()
    // The photo first (F8), from the fake camera.
    await page.keyboard.press('F8')
    const camera = page.getByTestId('picture-dialog')
    await expect.poll(() => camera.getAttribute('data-camera'), { timeout: 10_000 }).toBe('live')
    await expect.poll(() => page.getByTestId('picture-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0)
    await page.getByTestId('picture-take').click()
    await page.getByTestId('picture-attach').click()
    await camera.waitFor({ state: 'hidden' })

    // Then the signature (F9): the name's field has the focus; a name and a drawing are both required.
    await page.keyboard.press('F9')
    const dialog = page.getByTestId('signature-dialog')
    await dialog.waitFor()
    await expect.poll(() => focusIn(page, 'signature-name')).toBe(true)
    // Looked at once the dialog has finished opening (its transition), as the clerk sees it.
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0)
    await screenshot(page, 'signature-dialog-empty-1366x768')
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('signature-error'), 'Escriba el nombre de quien recibe')
    await page.keyboard.type('Rosa Pérez')
    await page.keyboard.press('Enter')
    await expectText(page.getByTestId('signature-error'), 'No hay firma')
    expect(signed).toHaveLength(0)

    await drawSignature(page)
    await expect.poll(() => dialog.getAttribute('data-drawn')).toBe('true')
    expect(await page.getByTestId('signature-error').count()).toBe(0)
    // Clear empties the pad; drawn again, it is kept.
    await page.getByTestId('signature-clear').click()
    await expect.poll(() => dialog.getAttribute('data-drawn')).toBe('false')
    await drawSignature(page)
    await screenshot(page, 'signature-dialog-signed-1366x768')
    await page.setViewportSize({ width: 1024, height: 768 })
    await screenshot(page, 'signature-dialog-signed-1024x768')
    await page.getByTestId('signature-save').click()
    await dialog.waitFor({ state: 'hidden' })

    expect(signed.map((s) => s.receiver)).toEqual(['Rosa Pérez'])
    // The delivery question is still up: the delivery goes as before.
    await page.getByTestId('deliver-confirm').click()
    await page.getByTestId('deliver-dialog').waitFor({ state: 'hidden' })
    await page.getByTestId('dispatch-tab-delivered').click()
    const card = dispatchCard(page, id)
    await expectText(card.getByTestId('card-picture'), /Foto de la entrega: tomada por .+, /)
    await expectText(card.getByTestId('card-signature-name'), /Recibió Rosa Pérez, firmó /)
    await expectText(card.getByTestId('card-signature'), 'En este equipo, junto a la foto')
    await expect
      .poll(() => card.getByTestId('card-signature-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await card.getByTestId('card-signature').scrollIntoViewIfNeeded()
    await screenshot(page, 'dispatch-card-photo-and-signature-1024x768')

    // Its delivery note carries both: the photo and the signature with the receiver's name, read before it prints.
    await page.evaluate(() => {
      const w = window as unknown as { proofs: { alt: string; width: number }[][] }
      w.proofs = []
      window.print = () => {
        const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="slip-proof"] img')]
        w.proofs.push(images.map((img) => ({ alt: img.alt, width: img.complete ? img.naturalWidth : 0 })))
      }
    })
    await card.getByTestId('card-print').click()
    const proofs = () => page.evaluate(() => (window as unknown as { proofs: { alt: string; width: number }[][] }).proofs)
    await expect.poll(proofs).toHaveLength(1)
    const [onPaper] = await proofs()
    expect(onPaper!.map((p) => p.alt)).toEqual([
      expect.stringMatching(/^Foto de la entrega: /),
      expect.stringMatching(/^Recibió Rosa Pérez, firmó el /),
    ])
    for (const p of onPaper!) expect(p.width).toBeGreaterThan(0)
    await page.emulateMedia({ media: 'print' })
    await screenshot(page, 'delivery-note-photo-and-signature')
    await page.emulateMedia({ media: 'screen' })

    const booking = await requestInApp(page, 'bookings.get', { id: String(id) })
    expect(booking.delivered).toBe(true)
    const kept = await requestInApp(page, 'bookings.pictures', { id: booking.localId })
    // One delivery picture, the photo (a JPEG), not the signature (a PNG).
    expect(kept.map((p) => [p.step, p.mime])).toEqual([['delivery', 'image/jpeg']])
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('without a photo, sends the signature with the name beneath as the delivery picture; Esc leaves the delivery as it was', async () => {
    const { page, problems } = app()
    const id = facts.bookings.inTransitFromSameCategory
    const signed = recordSigned(page)
    await startTraining(page)
    await page.setViewportSize({ width: 1024, height: 768 })
    await openDispatch(page)
    await openByScan(page, id)

    await page.keyboard.press('Enter')
    await page.getByTestId('deliver-dialog').waitFor()
    await page.getByTestId('deliver-sign').click()
    const dialog = page.getByTestId('signature-dialog')
    await dialog.waitFor()
    await page.keyboard.type('Luis')
    // Esc closes the signature alone: the delivery's question stays, and nothing was kept.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.getByTestId('deliver-dialog').isVisible()).toBe(true)
    expect(signed).toHaveLength(0)

    await page.keyboard.press('F9')
    await dialog.waitFor()
    expect(await page.getByTestId('signature-name').locator('input').inputValue()).toBe('')
    await page.keyboard.type('Luis Gómez')
    await drawSignature(page)
    const look = await page.getByTestId('signature-pad').evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }))
    await page.getByTestId('signature-save').click()
    await dialog.waitFor({ state: 'hidden' })

    expect(signed).toHaveLength(1)
    // The image is the pad's drawing with a band beneath it, where the name and the time are written.
    const image = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      return { width: bitmap.width, height: bitmap.height }
    }, signed[0]!.bytes.toString('base64'))
    expect(image.width).toBe(look.width)
    expect(image.height).toBeGreaterThan(look.height)
    const ink = await inkBeneath(page, signed[0]!.bytes, look.height)
    expect(ink).toBeGreaterThan(200)

    await page.getByTestId('deliver-confirm').click()
    await page.getByTestId('deliver-dialog').waitFor({ state: 'hidden' })
    await page.getByTestId('dispatch-tab-delivered').click()
    const card = dispatchCard(page, id)
    await expectText(card.getByTestId('card-signature'), 'Enviada como foto de la entrega')
    await expectText(card.getByTestId('card-picture'), /Foto de la entrega: tomada por/)
    const booking = await requestInApp(page, 'bookings.get', { id: String(id) })
    const kept = await requestInApp(page, 'bookings.pictures', { id: booking.localId })
    expect(kept.map((p) => [p.step, p.mime, p.bytes])).toEqual([['delivery', 'image/png', signed[0]!.bytes.length]])
    expect(booking.delivered).toBe(true)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

describe('dispatch: a picture of the shipping', () => {
  const app = useFreshApp()

  it('is taken from the ship question (F8) and shown on the card with its state', async () => {
    const { page, problems } = app()
    const id = facts.bookings.open
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openDispatch(page)
    await dispatchCard(page, id).getByTestId('card-ship').click()
    await page.getByTestId('ship-dialog').waitFor()
    await page.keyboard.press('F8')
    const dialog = page.getByTestId('picture-dialog')
    await dialog.waitFor()
    await expectText(dialog, 'Foto del envío')
    await page.getByTestId('picture-file').setInputFiles({ name: 'carga.png', mimeType: 'image/png', buffer: solidPng(40, [30, 90, 160]) })
    await page.getByTestId('picture-preview').waitFor()
    await page.getByTestId('picture-attach').click()
    await dialog.waitFor({ state: 'hidden' })

    // The ship's question is still up, and ships as before.
    await page.getByTestId('ship-confirm').click()
    await page.getByTestId('ship-dialog').waitFor({ state: 'hidden' })
    await page.getByTestId('dispatch-tab-inTransitOut').click()
    const note = dispatchCard(page, id).getByTestId('card-picture')
    expect(await note.getAttribute('data-step')).toBe('shipping')
    await expectText(note, /Foto del envío: tomada por .+, /)
    const booking = await requestInApp(page, 'bookings.get', { id: String(id) })
    expect(booking.shipped).toBe(true)
    expect((await requestInApp(page, 'bookings.pictures', { id: booking.localId })).map((p) => p.step)).toEqual(['shipping'])
    expect(unexpectedProblems(problems)).toEqual([])
  })
})

/** How many dark pixels lie beneath the drawing of a signed image (its name and time). */
async function inkBeneath(page: Page, png: Buffer, padHeight: number): Promise<number> {
  return page.evaluate(
    async ({ base64, top }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = document.createElement('canvas')
      canvas.width = bitmap.width
      canvas.height = bitmap.height
      const g = canvas.getContext('2d')!
      g.drawImage(bitmap, 0, 0)
      // Below the rule: only the written name and time can be dark there.
      const below = g.getImageData(0, top + 4, bitmap.width, bitmap.height - top - 4).data
      let ink = 0
      for (let i = 0; i < below.length; i += 4) if (below[i]! < 100) ink += 1
      return ink
    },
    { base64: png.toString('base64'), top: padHeight },
  )
}
