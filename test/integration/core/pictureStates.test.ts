import { describe, expect, it } from 'vitest'
import type { PicturesKept } from '@shared/contract/events'
import { isPictureUpload, newBooking } from '../../support/bookingPictureFlows'
import { type CoreHarness } from '../../support/coreHarness'
import { useProxiedSession } from '../../support/proxiedSession'
import { solidPng } from '../../support/sampleImages'

// What the Sync centre shows of the booking pictures (issue 33): each state announced as it changes, the
// bytes for a thumbnail, and a refused picture dismissed without touching its booking.
const session = useProxiedSession({ requestTimeoutMs: 5000 })
const picture = solidPng(4, [20, 120, 200])

/** The state of one picture in the last pictures.changed announced. */
function lastAnnounced(h: CoreHarness, seq: number) {
  const seen = h.seen('pictures.changed') as PicturesKept[]
  return seen.at(-1)?.pictures.find((p) => p.seq === seq)?.state ?? 'absent'
}

describe('the pictures kept here, as the Sync centre shows them', () => {
  it('are announced as attached and as a push sends them, and give their bytes for a thumbnail', async () => {
    const { h } = session
    const booking = await newBooking(h, 'PS-sent')
    const taken = await h.call('bookings.attachPicture', { id: booking.localId, step: 'booking', base64: picture.toString('base64') })
    expect(lastAnnounced(h, taken.seq)).toBe('waiting')

    const image = await h.call('bookings.pictureImage', { seq: taken.seq })
    expect(image.mime).toBe('image/png')
    expect(Buffer.from(image.base64, 'base64').equals(picture)).toBe(true)

    await h.call('sync.push')
    expect(lastAnnounced(h, taken.seq)).toBe('sent')
    await expect(h.call('bookings.pictureImage', { seq: 999_999 })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('a refused one is dismissed from this computer, announced, and its booking stays as it is', async () => {
    const { h, proxy } = session
    const booking = await newBooking(h, 'PS-refused')
    const kept = await h.call('bookings.attachPicture', { id: booking.localId, step: 'delivery', base64: picture.toString('base64') })
    // Only a refused picture may go: one still waiting is the booking's proof on its way.
    await expect(h.call('bookings.dismissPicture', { seq: kept.seq })).rejects.toMatchObject({ code: 'conflict' })

    await proxy.during(
      (req) => (isPictureUpload(req) ? { status: 422, body: { delivery_image: ['tipo de archivo no permitido'] } } : null),
      () => h.call('sync.push'),
    )
    expect(lastAnnounced(h, kept.seq)).toBe('refused')
    const before = await h.call('bookings.get', { id: booking.localId })
    expect(before.state).toBe('synced')

    const answer = await h.call('bookings.dismissPicture', { seq: kept.seq })
    expect(answer.pictures.some((p) => p.seq === kept.seq)).toBe(false)
    expect(lastAnnounced(h, kept.seq)).toBe('absent')
    expect(await h.call('bookings.pictures', { id: booking.localId })).toEqual([])
    expect(await h.call('bookings.get', { id: booking.localId })).toEqual(before)
    expect(await h.call('outbox.list')).toEqual([])
    await expect(h.call('bookings.dismissPicture', { seq: kept.seq })).rejects.toMatchObject({ code: 'not_found' })
  })
})
