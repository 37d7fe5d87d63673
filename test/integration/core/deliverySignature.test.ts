import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@sandbox'
import { isPictureUpload, newBooking } from '../../support/bookingPictureFlows'
import { coreHarness, type CoreHarness } from '../../support/coreHarness'
import { useProxiedSession } from '../../support/proxiedSession'
import { notAnImage, solidPng } from '../../support/sampleImages'
import { tempDir } from '../../support/tempDir'

// The receiver's signature on a delivery (issue 33 §2), through the core against the sandbox over real HTTP.
// The image with the name and time drawn beneath it is made by the screen (a canvas; see
// test/e2e/deliverySignature.test.ts); here a PNG stands for it, and what matters is where its bytes go.
const session = useProxiedSession({ requestTimeoutMs: 8000 })
const signed = solidPng(6, [20, 20, 20])
const photo = solidPng(4, [200, 40, 40])

const bytesAt = async (base: string, url: string) => Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())

/** A booking confirmed, shipped and delivered here (the delivery still queued). */
async function delivered(reference: string) {
  const { h } = session
  const booking = await newBooking(h, reference)
  await h.call('sync.push')
  await h.call('bookings.ship', { id: booking.localId })
  await h.call('bookings.deliver', { id: booking.localId })
  return booking
}

/** Pushes, counting the picture uploads that reach the service. */
async function pushCountingUploads(): Promise<number> {
  let uploads = 0
  await session.proxy.during(
    (req) => {
      if (isPictureUpload(req)) uploads += 1
      return null
    },
    () => session.h.call('sync.push'),
  )
  return uploads
}

describe('a delivery with a signature', () => {
  it('lands as the delivery image: the uploaded bytes are the signed image', async () => {
    await session.sandbox.reset()
    const { h, proxy } = session
    const booking = await delivered('S-signed')
    const { signature, picture } = await h.call('bookings.signDelivery', {
      id: booking.localId,
      receiver: '  Rosa Pérez ',
      base64: signed.toString('base64'),
    })
    expect(signature).toMatchObject({ localId: booking.localId, receiver: 'Rosa Pérez', pictureSeq: picture!.seq })
    expect(picture).toMatchObject({ step: 'delivery', state: 'waiting', mime: 'image/png' })

    expect(await pushCountingUploads()).toBe(1)
    const confirmed = await h.call('bookings.get', { id: booking.localId })
    expect(confirmed).toMatchObject({ state: 'synced', delivered: true })
    const [sent] = await h.call('bookings.pictures', { id: booking.localId })
    expect(sent).toMatchObject({ seq: picture!.seq, state: 'sent', url: expect.stringContaining('delivery_image') })
    expect((await bytesAt(proxy.url, sent!.url!)).equals(signed)).toBe(true)
    // Kept here too, with the name, for the card.
    expect(await h.call('bookings.signatures')).toEqual([signature])
    expect(Buffer.from((await h.call('bookings.signatureImage', { id: booking.localId })).base64, 'base64').equals(signed)).toBe(true)
  })

  it('beside a photo taken for the delivery, is kept here and the photo is the one the service gets', async () => {
    const { h, proxy } = session
    const booking = await delivered('S-photo')
    await h.call('bookings.attachPicture', { id: booking.localId, step: 'delivery', base64: photo.toString('base64') })
    const { signature, picture } = await h.call('bookings.signDelivery', {
      id: booking.localId,
      receiver: 'Rosa',
      base64: signed.toString('base64'),
    })
    expect(picture).toBeNull()
    expect(signature).toMatchObject({ receiver: 'Rosa', pictureSeq: null })

    expect(await pushCountingUploads()).toBe(1)
    const kept = await h.call('bookings.pictures', { id: booking.localId })
    expect(kept).toHaveLength(1)
    expect((await bytesAt(proxy.url, kept[0]!.url!)).equals(photo)).toBe(true)
    expect((await h.call('bookings.signatures')).find((s) => s.localId === booking.localId)).toEqual(signature)
  })

  it('followed by a photo keeps the signature here while the photo replaces it as the delivery picture', async () => {
    const { h, proxy } = session
    const booking = await delivered('S-then-photo')
    await h.call('bookings.signDelivery', { id: booking.localId, receiver: 'Luis', base64: signed.toString('base64') })
    await h.call('bookings.attachPicture', { id: booking.localId, step: 'delivery', base64: photo.toString('base64') })

    expect(await pushCountingUploads()).toBe(1)
    const [sent] = await h.call('bookings.pictures', { id: booking.localId })
    expect((await bytesAt(proxy.url, sent!.url!)).equals(photo)).toBe(true)
    expect((await h.call('bookings.signatures')).find((s) => s.localId === booking.localId)).toMatchObject({ receiver: 'Luis' })
  })

  it('without the receiver’s name, or not an image, is refused and nothing is kept; the delivery goes as usual', async () => {
    const { h } = session
    const booking = await delivered('S-refused')
    await expect(
      h.call('bookings.signDelivery', { id: booking.localId, receiver: '   ', base64: signed.toString('base64') }),
    ).rejects.toMatchObject({ code: 'bad_input', field: 'receiver' })
    await expect(
      h.call('bookings.signDelivery', { id: booking.localId, receiver: 'Rosa', base64: notAnImage.toString('base64') }),
    ).rejects.toMatchObject({ code: 'bad_input', field: 'picture' })
    expect((await h.call('bookings.signatures')).some((s) => s.localId === booking.localId)).toBe(false)
    expect(await h.call('bookings.pictures', { id: booking.localId })).toEqual([])
    await h.call('sync.push')
    expect(await h.call('bookings.get', { id: booking.localId })).toMatchObject({ state: 'synced', delivered: true })
  })
})

describe('a kept signature', () => {
  it('goes with a booking discarded before the service ever had it', async () => {
    const { h } = session
    const booking = await newBooking(h, 'S-discarded')
    await h.call('bookings.signDelivery', { id: booking.localId, receiver: 'Ana', base64: signed.toString('base64') })
    await h.call('bookings.delete', { id: booking.localId })
    expect((await h.call('bookings.signatures')).some((s) => s.localId === booking.localId)).toBe(false)
  })
})

describe('a signature beside a photo, once its booking leaves the history', () => {
  let sandbox: RunningSandbox
  let h: CoreHarness
  /** How far the core's clock runs ahead of the real one (the history window is measured with it). */
  let ahead = 0
  beforeAll(async () => {
    sandbox = await startSandbox()
    h = await coreHarness(tempDir(), { requestTimeoutMs: 8000, now: () => new Date(Date.now() + ahead) })
    const user = sandbox.users[0]!
    await h.call('session.signIn', { serverUrl: sandbox.url, email: user.email, token: user.token })
    await h.call('profile.whoami')
  })
  afterAll(async () => {
    await h?.close()
    await sandbox?.close()
  })

  it('is still kept on this computer: it is the only copy of the receiver’s proof', async () => {
    const booking = await newBooking(h, 'S-history')
    await h.call('sync.push')
    await h.call('bookings.ship', { id: booking.localId })
    await h.call('bookings.deliver', { id: booking.localId })
    await h.call('bookings.attachPicture', { id: booking.localId, step: 'delivery', base64: photo.toString('base64') })
    await h.call('bookings.signDelivery', { id: booking.localId, receiver: 'Marta', base64: signed.toString('base64') })
    await h.call('sync.push')
    const { serviceId } = await h.call('bookings.get', { id: booking.localId })
    try {
      // 31 days on it is out of the history, and out of the cache, with its sent photo (the service has it).
      ahead = 31 * 24 * 3600_000
      await h.call('counter.refresh')
      expect((await h.call('bookings.list')).find((b) => b.serviceId === serviceId)).toBeUndefined()
      expect(await h.call('bookings.pictures', { id: booking.localId })).toEqual([])
    } finally {
      ahead = 0
    }
    expect((await h.call('bookings.signatures')).find((s) => s.localId === booking.localId)).toMatchObject({ receiver: 'Marta' })
    const image = await h.call('bookings.signatureImage', { id: booking.localId })
    expect(Buffer.from(image.base64, 'base64').equals(signed)).toBe(true)
  })
})
