import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { bookingFacts } from '@sandbox/seed/bookingFacts'
import { useFreshApp } from './support/app'
import { screenshot } from './support/artifacts'
import { expectText, startTraining, unexpectedProblems } from './support/actions'
import { dispatchCard, openDispatch } from './support/bookings'
import { requestInApp } from './support/requests'
import { hasExif, jpegSize, notAnImage, withExif } from '../support/sampleImages'

// Issue 33: a picture of the delivery on Dispatch, taken with the camera (Chromium's fake device) or chosen
// from a file, reduced on this computer before it is attached, and shown on the card with who took it.
const facts = bookingFacts[101]

const attachBody = z.object({ payload: z.object({ id: z.string(), step: z.string(), base64: z.string() }) })

/** What the page sends to the core when the clerk attaches: the picture's bytes as they leave the renderer. */
function recordAttached(page: Page): Buffer[] {
  const sent: Buffer[] = []
  page.on('request', (req) => {
    if (req.method() !== 'POST' || new URL(req.url()).pathname !== '/rpc/bookings.attachPicture') return
    const body = attachBody.parse(JSON.parse(req.postData() ?? 'null'))
    expect(body.payload.step).toBe('delivery')
    sent.push(Buffer.from(body.payload.base64, 'base64'))
  })
  return sent
}

/** Opens a booking by scanning its slip, as at the receiving door. */
async function openByScan(page: Page, id: number): Promise<void> {
  await page.getByTestId('dispatch-scan').locator('input').focus()
  await page.keyboard.type(String(id))
  await page.keyboard.press('Enter')
  await expect.poll(() => dispatchCard(page, id).getAttribute('data-active')).toBe('true')
}

/** A 2400×1800 photo-like JPEG drawn by the browser, then given a phone's EXIF block. */
async function bigPhotoWithExif(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 2400
    canvas.height = 1800
    const g = canvas.getContext('2d')!
    const gradient = g.createLinearGradient(0, 0, 2400, 1800)
    gradient.addColorStop(0, '#c08040')
    gradient.addColorStop(1, '#2060a0')
    g.fillStyle = gradient
    g.fillRect(0, 0, 2400, 1800)
    return canvas.toDataURL('image/jpeg', 0.92).replace(/^data:[^,]*,/, '')
  })
  return withExif(Buffer.from(base64, 'base64'))
}

describe('dispatch: a picture of the delivery', () => {
  const app = useFreshApp({ fakeCamera: true })

  it('takes a picture with the camera (F8 over the delivery question), attaches it and delivers; the card shows it', async () => {
    const { page, problems } = app()
    const id = facts.bookings.inTransitIncoming
    const sent = recordAttached(page)
    await startTraining(page)
    await page.setViewportSize({ width: 1366, height: 768 })
    await openDispatch(page)
    await openByScan(page, id)

    // Enter on the empty box asks about the delivery; F8 opens the camera over the question.
    await page.keyboard.press('Enter')
    await page.getByTestId('deliver-dialog').waitFor()
    await page.keyboard.press('F8')
    const dialog = page.getByTestId('picture-dialog')
    await expect.poll(() => dialog.getAttribute('data-camera'), { timeout: 10_000 }).toBe('live')
    await expect.poll(() => page.getByTestId('picture-video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0)
    await screenshot(page, 'picture-dialog-camera-1366x768')
    await page.getByTestId('picture-take').click()
    await page.getByTestId('picture-preview').waitFor()
    await page.getByTestId('picture-attach').click()
    await dialog.waitFor({ state: 'hidden' })

    expect(sent).toHaveLength(1)
    const size = jpegSize(sent[0]!)
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(1600)
    expect(size.width).toBeGreaterThan(0)

    // The delivery question is still there, untouched by the picture: the delivery goes as before.
    await page.getByTestId('deliver-confirm').click()
    await page.getByTestId('deliver-dialog').waitFor({ state: 'hidden' })
    await page.getByTestId('dispatch-tab-delivered').click()
    const note = dispatchCard(page, id).getByTestId('card-picture')
    await expectText(note, /Foto de la entrega: tomada por .+, /)
    expect(['waiting', 'sending', 'unknown', 'sent']).toContain(await note.getAttribute('data-state'))
    await note.scrollIntoViewIfNeeded()
    await screenshot(page, 'dispatch-card-delivery-picture-1366x768')

    const booking = await requestInApp(page, 'bookings.get', { id: String(id) })
    const kept = await requestInApp(page, 'bookings.pictures', { id: booking.localId })
    expect(kept.map((p) => [p.step, p.mime, p.bytes])).toEqual([['delivery', 'image/jpeg', sent[0]!.length]])
    expect(booking.delivered).toBe(true)
    expect(unexpectedProblems(problems)).toEqual([])
  })

  it('attaches a chosen file reduced to 1600 px without its EXIF block, after refusing a file that is no picture', async () => {
    const { page, problems } = app()
    const id = facts.bookings.inTransitFromSameCategory
    const sent = recordAttached(page)
    await startTraining(page)
    await page.setViewportSize({ width: 1024, height: 768 })
    await openDispatch(page)
    await openByScan(page, id)
    const photo = await bigPhotoWithExif(page)
    expect(hasExif(photo)).toBe(true)

    await dispatchCard(page, id).getByTestId('card-picture-take').click()
    const dialog = page.getByTestId('picture-dialog')
    await dialog.waitFor()
    const file = page.getByTestId('picture-file')
    await file.setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: notAnImage })
    await expectText(page.getByTestId('picture-error'), 'no es una imagen que se pueda leer')
    expect(await page.getByTestId('picture-attach').isDisabled()).toBe(true)

    await file.setInputFiles({ name: 'entrega.jpg', mimeType: 'image/jpeg', buffer: photo })
    await expectText(page.getByTestId('picture-preview-size'), '1600 × 1200')
    expect(await page.getByTestId('picture-error').count()).toBe(0)
    await screenshot(page, 'picture-dialog-file-1024x768')
    await page.setViewportSize({ width: 1366, height: 768 })
    await screenshot(page, 'picture-dialog-file-1366x768')
    await page.getByTestId('picture-attach').click()
    await dialog.waitFor({ state: 'hidden' })

    expect(sent).toHaveLength(1)
    expect(hasExif(sent[0]!)).toBe(false)
    expect(jpegSize(sent[0]!)).toEqual({ width: 1600, height: 1200 })
    expect(sent[0]!.length).toBeLessThanOrEqual(1024 * 1024)
    // Not delivered: the picture is kept apart from the delivery, which is still to be done.
    await expectText(dispatchCard(page, id).getByTestId('card-picture'), /Foto de la entrega: tomada por/)
    expect(await dispatchCard(page, id).getByTestId('card-deliver').count()).toBe(1)
    expect(unexpectedProblems(problems)).toEqual([])
  })
})
