import { beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import type { BookingPicture } from '@shared/bookingPictures'
import { AppError } from '@shared/errors'
import { pictureWord, sentShownMs, shownPictures } from '@renderer/areas/counter/pictureRows'
import { useKeptPicturesStore } from '@renderer/stores/keptPictures'
import { announce, request, resetApiStandIn } from '../../../support/renderer/apiStandIn'

// The Sync centre's booking pictures (issue 33): the order and words the clerk sees, and the store kept
// current by the core's announcements, against a stand-in of the API client.
vi.mock('@renderer/api', () => import('../../../support/renderer/apiStandIn'))

const now = Date.parse('2026-11-29T12:00:00Z')
const picture = (seq: number, over: Partial<BookingPicture> = {}): BookingPicture => ({
  seq,
  localId: `booking-${seq}`,
  serviceId: null,
  step: 'booking',
  state: 'waiting',
  mime: 'image/png',
  bytes: 120,
  takenBy: 'Rosa',
  takenAt: `2026-11-29T10:00:0${seq % 10}Z`,
  attempts: 0,
  lastError: null,
  url: null,
  sentAt: null,
  ...over,
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the pictures the Sync centre lists', () => {
  it('put a refusal first and what is sent last, newest first within a state', () => {
    const list = [
      picture(1, { state: 'sent', sentAt: '2026-11-29T11:00:00Z' }),
      picture(2, { state: 'waiting' }),
      picture(3, { state: 'refused' }),
      picture(4, { state: 'waiting' }),
      picture(5, { state: 'unknown' }),
      picture(6, { state: 'unsupported' }),
    ]
    expect(shownPictures(list, now).map((p) => p.seq)).toEqual([3, 5, 4, 2, 6, 1])
  })

  it('leave out a picture sent more than a week ago, and keep every one not sent whatever its age', () => {
    const old = new Date(now - sentShownMs - 1000).toISOString()
    const list = [picture(1, { state: 'sent', sentAt: old }), picture(2, { state: 'refused', takenAt: '2025-01-01T00:00:00Z' })]
    expect(shownPictures(list, now).map((p) => p.seq)).toEqual([2])
  })

  it('say an unknown outcome as "to be checked" and every other state by its name', () => {
    expect(pictureWord('unknown')).toBe('toCheck')
    expect(pictureWord('unsupported')).toBe('unsupported')
    expect(pictureWord('refused')).toBe('refused')
  })
})

describe('the kept pictures store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    resetApiStandIn()
  })

  it('reads the list once, then takes what the core announces without asking again', async () => {
    request.mockResolvedValueOnce([picture(1)])
    const store = useKeptPicturesStore()
    await store.ensureLoaded()
    await store.ensureLoaded()
    expect(request).toHaveBeenCalledTimes(1)
    expect(store.pictures.map((p) => p.state)).toEqual(['waiting'])

    announce('pictures.changed', { pictures: [picture(1, { state: 'sent', sentAt: '2026-11-29T11:00:00Z' }), picture(2)] })
    expect(store.pictures.map((p) => [p.seq, p.state])).toEqual([
      [1, 'sent'],
      [2, 'waiting'],
    ])
    // A discarded create takes its pictures with it.
    announce('bookings.changed', { bookings: [], removed: ['booking-2'], entries: [], sync: {}, full: false })
    expect(store.pictures.map((p) => p.seq)).toEqual([1])
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('keeps a failed read as its error for the screen, and a retry clears it', async () => {
    request.mockRejectedValueOnce(new AppError('network', { detail: 'down' })).mockResolvedValueOnce([picture(1)])
    const store = useKeptPicturesStore()
    await store.ensureLoaded()
    expect(store.listRead.error?.code).toBe('network')
    await store.listRead.load()
    expect(store.listRead.error).toBeNull()
    expect(store.pictures).toHaveLength(1)
  })

  it('shows a thumbnail from the picture bytes, read once, and one that failed can be read again', async () => {
    let down = true
    request.mockImplementation(async (name: string, input: { seq: number }) => {
      if (name !== 'bookings.pictureImage') throw new Error(name)
      if (input.seq === 2 && down) throw new AppError('network', { detail: 'down' })
      return { mime: 'image/png', base64: 'iVBORw0KGgo=' }
    })
    const store = useKeptPicturesStore()
    store.thumbnail(1)
    await settle()
    expect(store.thumbnail(1).url).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(request).toHaveBeenCalledTimes(1)

    const failed = store.thumbnail(2)
    await settle()
    expect(failed.url).toBeNull()
    expect(failed.loader.error?.code).toBe('network')
    down = false
    await failed.loader.load()
    expect(store.thumbnail(2).url).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(store.thumbnail(2).loader.error).toBeNull()
  })

  it('dismisses a refused picture through the core and shows the list it answers', async () => {
    request.mockResolvedValueOnce([picture(1, { state: 'refused' }), picture(2)])
    const store = useKeptPicturesStore()
    await store.ensureLoaded()
    request.mockResolvedValueOnce({ pictures: [picture(2)] })
    await store.dismiss(1)
    expect(request).toHaveBeenLastCalledWith('bookings.dismissPicture', { seq: 1 })
    await nextTick()
    expect(store.pictures.map((p) => p.seq)).toEqual([2])
  })

  it('forgets everything of the company left behind, and reads the new one when it was shown', async () => {
    request.mockResolvedValueOnce([picture(1)]).mockResolvedValueOnce([picture(7)])
    const store = useKeptPicturesStore()
    await store.ensureLoaded()
    announce('entity.changed', {})
    await settle()
    expect(store.pictures.map((p) => p.seq)).toEqual([7])
    announce('session.changed', { state: 'signed_out' })
    expect(store.pictures).toEqual([])
  })
})
