import { defineStore } from 'pinia'
import { reactive, ref } from 'vue'
import { onEvent, request } from '../api'
import type { BookingPicture, PictureStep } from '@shared/bookingPictures'
import { createLoader, type Loader } from './loader'

/** One picture's thumbnail: its data URL once read, with the read's loading and error. */
export interface Thumbnail {
  url: string | null
  loader: Loader
}

/**
 * The booking pictures kept on this computer (issue 33), each with its state: read whole once, then
 * replaced by what the core announces (pictures.changed: attached, settled by a push, dismissed), so a
 * screen stays current without asking. Thumbnails are read one picture at a time, when shown, and kept
 * while their picture is.
 */
export const useKeptPicturesStore = defineStore('keptPictures', () => {
  const pictures = ref<BookingPicture[]>([])
  const loaded = ref(false)
  const thumbnails = reactive(new Map<number, Thumbnail>())
  const listRead = createLoader(
    () => request('bookings.pictures', {}),
    (list) => replace(list),
  )

  function replace(list: BookingPicture[]): void {
    pictures.value = list
    loaded.value = true
    // A picture gone (dismissed, its booking discarded) takes its thumbnail with it.
    const kept = new Set(list.map((p) => p.seq))
    for (const seq of [...thumbnails.keys()]) if (!kept.has(seq)) thumbnails.delete(seq)
  }

  function clear(): void {
    listRead.reset()
    pictures.value = []
    loaded.value = false
    thumbnails.clear()
  }

  onEvent('pictures.changed', ({ pictures: list }) => replace(list))
  // A booking that left this computer (a discarded create) takes its pictures with it in the core.
  onEvent('bookings.changed', ({ removed }) => {
    if (removed.length > 0) replace(pictures.value.filter((p) => !removed.includes(p.localId)))
  })
  // Another company's or another session's cache: nothing held here is its.
  onEvent('entity.changed', () => {
    const wasLoaded = loaded.value
    clear()
    if (wasLoaded) void listRead.load()
  })
  onEvent('session.changed', () => clear())

  /** What a screen calls when it opens: the list is read the first time only (the events keep it). */
  async function ensureLoaded(): Promise<void> {
    if (!loaded.value && !listRead.loading) await listRead.load()
  }

  /** The picture's thumbnail, read the first time it is asked for. */
  function thumbnail(seq: number): Thumbnail {
    const known = thumbnails.get(seq)
    if (known) return known
    const thumb: Thumbnail = reactive({
      url: null as string | null,
      loader: createLoader(
        () => request('bookings.pictureImage', { seq }),
        ({ mime, base64 }) => (thumb.url = `data:${mime};base64,${base64}`),
      ),
    })
    thumbnails.set(seq, thumb)
    void thumb.loader.load()
    return thumbnails.get(seq)!
  }

  /** Attaches a reduced picture to a booking's step: the core keeps it, queues it behind the booking and announces it. */
  async function attach(localId: string, step: PictureStep, base64: string): Promise<BookingPicture> {
    const picture = await request('bookings.attachPicture', { id: localId, step, base64 })
    if (!pictures.value.some((p) => p.seq === picture.seq)) pictures.value = [...pictures.value, picture]
    return picture
  }

  /** The latest picture of a booking's step, or null. */
  function latest(localId: string, step: PictureStep): BookingPicture | null {
    return pictures.value.findLast((p) => p.localId === localId && p.step === step) ?? null
  }

  /** Removes a refused picture from this computer (its booking is left as it is). */
  async function dismiss(seq: number): Promise<void> {
    replace((await request('bookings.dismissPicture', { seq })).pictures)
  }

  return { pictures, loaded, listRead, ensureLoaded, thumbnail, attach, latest, dismiss }
})
