import { computed, onScopeDispose, shallowRef } from 'vue'
import type { BookingPicture } from '@shared/bookingPictures'
import type { CameraDoor } from '@shared/desktop'
import { reducePicture, type ReducedPicture } from './reducePicture'
import { useCamera, type MediaSource } from './useCamera'
import { useSubmit } from '../stores/useSubmit'

export type { CameraState } from './useCamera'

export interface PictureCaptureDeps {
  /** Sends the reduced picture (base64 JPEG) to the booking's step. */
  send: (base64: string) => Promise<BookingPicture>
  media: MediaSource
  /** The desktop app's camera gate (useCamera); the page's own by default. */
  door?: CameraDoor
  reduce?: (source: ImageBitmapSource) => Promise<ReducedPicture>
}

/**
 * The capture dialog without its drawing: the camera (useCamera, stopped when the dialog closes), a picture
 * chosen or taken and reduced here (reducePicture), shown before it is attached, and the attach. No camera
 * is no failure: the file choice stays, and the camera's state says why it is not there.
 */
export function usePictureCapture(deps: PictureCaptureDeps) {
  const reduce = deps.reduce ?? reducePicture
  const camera = useCamera(deps.media, deps.door)
  const picture = shallowRef<ReducedPicture | null>(null)
  // A data: address, not a blob: one: the page's policy lets pictures come from data: (src-shared/csp.ts).
  const previewUrl = computed(() => (picture.value ? `data:image/jpeg;base64,${picture.value.base64}` : null))

  const reading = useSubmit(async (source: ImageBitmapSource) => setPicture(await reduce(source)))
  const attaching = useSubmit(async () => (picture.value ? deps.send(picture.value.base64) : undefined))

  function setPicture(next: ReducedPicture | null): void {
    picture.value = next
  }

  /** The dialog closed: the camera's light goes off, and nothing of the picture stays. */
  function close(): void {
    camera.stop()
    setPicture(null)
    reading.reset()
    attaching.reset()
  }

  /** The dialog opened: a fresh start, and the camera asked for. */
  function open(): Promise<void> {
    close()
    return camera.start()
  }

  /** A file chosen or dropped (of several, the first), or the camera's current frame. */
  async function read(source: ImageBitmapSource | null | undefined): Promise<void> {
    if (!source) return
    attaching.reset()
    await reading.run(source)
  }

  function retake(): void {
    setPicture(null)
    attaching.reset()
  }

  onScopeDispose(close)

  return {
    camera: camera.state,
    stream: camera.stream,
    picture,
    previewUrl,
    reading: reading.busy,
    attaching: attaching.busy,
    /** A file that is no picture, or the core's refusal of the attach. */
    error: computed(() => reading.error.value ?? attaching.error.value),
    canAttach: computed(() => picture.value !== null && !reading.busy.value),
    open,
    close,
    chooseFile: (file: Blob | null | undefined) => read(file),
    take: (frame: ImageBitmapSource) => read(frame),
    retake,
    attach: () => attaching.run(),
  }
}
