// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope, type EffectScope } from 'vue'
import type { BookingPicture } from '@shared/bookingPictures'
import { AppError } from '@shared/errors'
import type { ReducedPicture } from '@renderer/composables/reducePicture'
import { usePictureCapture, type PictureCaptureDeps } from '@renderer/composables/usePictureCapture'

// The capture dialog's states without a browser: the camera is a stand-in (happy-dom has no devices, the
// real one is driven in test/e2e/deliveryPicture.test.ts), as is the decoder (happy-dom draws no canvas).

class FakeTrack {
  stopped = false
  stop(): void {
    this.stopped = true
  }
}
function fakeStream(track: FakeTrack): MediaStream {
  return { getTracks: () => [track] } as unknown as MediaStream
}
function refusal(name: string): DOMException {
  return new DOMException('no', name)
}

const reduced: ReducedPicture = {
  blob: new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }),
  base64: 'AAAA',
  width: 1600,
  height: 1200,
}
const kept: BookingPicture = {
  seq: 1,
  localId: 'p1',
  serviceId: null,
  step: 'delivery',
  state: 'waiting',
  mime: 'image/jpeg',
  bytes: 2048,
  takenBy: 'ana@example.com',
  takenAt: '2026-11-29T08:00:00.000Z',
  attempts: 0,
  lastError: null,
  url: null,
  sentAt: null,
}

let scope: EffectScope | null = null
afterEach(() => {
  scope?.stop()
  scope = null
})

function capture(deps: Partial<PictureCaptureDeps> & Pick<PictureCaptureDeps, 'media'>) {
  scope = effectScope()
  const send = vi.fn(async () => kept)
  const reduce = vi.fn(async () => reduced)
  const c = scope.run(() => usePictureCapture({ send, reduce, ...deps }))!
  return { c, send, reduce }
}

describe('the picture capture dialog', () => {
  it('shows the camera live when there is one, takes a frame and attaches its reduced picture', async () => {
    const track = new FakeTrack()
    const getUserMedia = vi.fn(async () => fakeStream(track))
    const { c, send } = capture({ media: { getUserMedia } })
    await c.open()
    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: false })
    expect(c.camera.value).toBe('live')
    expect(c.canAttach.value).toBe(false)

    await c.take({} as ImageBitmapSource)
    expect(c.picture.value?.width).toBe(1600)
    expect(c.previewUrl.value).toBe('data:image/jpeg;base64,AAAA')
    expect(c.canAttach.value).toBe(true)

    expect(await c.attach()).toEqual(kept)
    expect(send).toHaveBeenCalledWith('AAAA')
    c.close()
    expect(track.stopped).toBe(true)
    expect(c.camera.value).toBe('off')
    expect(c.picture.value).toBeNull()
  })

  it('without a camera device, says so and keeps the file choice', async () => {
    const { c, send } = capture({ media: { getUserMedia: async () => Promise.reject(refusal('NotFoundError')) } })
    await c.open()
    expect(c.camera.value).toBe('none')
    await c.chooseFile(new Blob(['x']))
    expect(c.picture.value).not.toBeNull()
    await c.attach()
    expect(send).toHaveBeenCalledOnce()
  })

  it('tells a refused permission apart from a missing camera, and a page without devices is "none"', async () => {
    const denied = capture({ media: { getUserMedia: async () => Promise.reject(refusal('NotAllowedError')) } })
    await denied.c.open()
    expect(denied.c.camera.value).toBe('denied')
    scope?.stop()
    const bare = capture({ media: undefined })
    await bare.c.open()
    expect(bare.c.camera.value).toBe('none')
  })

  it('stops a camera that answers after the dialog closed', async () => {
    const track = new FakeTrack()
    let answer: (s: MediaStream) => void = () => undefined
    const getUserMedia = vi.fn(() => new Promise<MediaStream>((resolve) => (answer = resolve)))
    const { c } = capture({ media: { getUserMedia } })
    const opening = c.open()
    expect(c.camera.value).toBe('starting')
    // The camera is being asked for (past the gate) when the dialog closes.
    await vi.waitFor(() => expect(getUserMedia).toHaveBeenCalled())
    c.close()
    answer(fakeStream(track))
    await opening
    expect(track.stopped).toBe(true)
    expect(c.camera.value).toBe('off')
    expect(c.stream.value).toBeNull()
  })

  it('a file that is no picture is refused with the reason, and nothing can be attached', async () => {
    const { c, send } = capture({ media: undefined, reduce: async () => Promise.reject(new AppError('not_a_picture')) })
    await c.open()
    await c.chooseFile(new Blob(['esto no es una imagen']))
    expect(c.error.value?.code).toBe('not_a_picture')
    expect(c.picture.value).toBeNull()
    expect(c.canAttach.value).toBe(false)
    expect(await c.attach()).toBeUndefined()
    expect(send).not.toHaveBeenCalled()
  })

  it("keeps the picture when the core refuses the attach, says why, and sends again on the clerk's word", async () => {
    const send = vi
      .fn<PictureCaptureDeps['send']>()
      .mockRejectedValueOnce(new AppError('validation', { detail: 'too large' }))
      .mockResolvedValue(kept)
    const { c } = capture({ media: undefined, send })
    await c.open()
    await c.chooseFile(new Blob(['x']))
    expect(await c.attach()).toBeUndefined()
    expect(c.error.value?.code).toBe('validation')
    expect(c.picture.value).not.toBeNull()
    expect(await c.attach()).toEqual(kept)
    expect(c.error.value).toBeNull()
    expect(send).toHaveBeenCalledTimes(2)
  })

  describe("the desktop app's camera gate", () => {
    /** A door that records, with the camera's asks, the order things happened in. */
    function recordingDoor(log: string[], opens = true) {
      return {
        open: vi.fn(async () => (log.push('open'), opens)),
        close: vi.fn(async () => void log.push('close')),
      }
    }

    it('is opened just before the camera is asked for, and closed when the dialog closes', async () => {
      const log: string[] = []
      const track = new FakeTrack()
      const door = recordingDoor(log)
      const { c } = capture({ media: { getUserMedia: async () => (log.push('ask'), fakeStream(track)) }, door })
      await c.open()
      expect(log).toEqual(['open', 'ask'])
      expect(c.camera.value).toBe('live')
      c.close()
      expect(log).toEqual(['open', 'ask', 'close'])
      expect(track.stopped).toBe(true)
      // Closing again (the dialog's leave after its cancel) asks the main process for nothing more.
      c.close()
      expect(door.close).toHaveBeenCalledOnce()
    })

    it('is closed when the dialog closes before the gate answers, and the camera is then never asked for', async () => {
      const log: string[] = []
      let opened: (v: boolean) => void = () => undefined
      const door = {
        open: vi.fn(() => new Promise<boolean>((resolve) => (opened = resolve))),
        close: vi.fn(async () => void log.push('close')),
      }
      const getUserMedia = vi.fn(async () => fakeStream(new FakeTrack()))
      const { c } = capture({ media: { getUserMedia }, door })
      const opening = c.open()
      c.close()
      opened(true)
      await opening
      expect(getUserMedia).not.toHaveBeenCalled()
      expect(door.close).toHaveBeenCalledOnce()
      expect(c.camera.value).toBe('off')
    })

    it('a gate that stays shut leaves the camera denied, the file choice kept and the gate closed after', async () => {
      const log: string[] = []
      const door = recordingDoor(log, false)
      // What Chromium answers when the permission handler says no.
      const { c } = capture({ media: { getUserMedia: async () => Promise.reject(refusal('NotAllowedError')) }, door })
      await c.open()
      expect(c.camera.value).toBe('denied')
      await c.chooseFile(new Blob(['x']))
      expect(c.canAttach.value).toBe(true)
      c.close()
      expect(log).toEqual(['open', 'close'])
    })

    it('with no camera device at all, is never opened', async () => {
      const log: string[] = []
      const { c } = capture({ media: undefined, door: recordingDoor(log) })
      await c.open()
      c.close()
      expect(log).toEqual([])
    })
  })
})
