import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { BookingPicture, PictureStep } from '@shared/bookingPictures'
import { onEvent, request } from '../api'

/**
 * The pictures of the bookings a screen shows, by the booking's local id, as the core keeps them (with
 * who took each, when, and its state). Read when a booking is shown, and again after a push or a change of
 * the bookings, since a push moves a picture from waiting to sent (or refused).
 */
export const useBookingPicturesStore = defineStore('bookingPictures', () => {
  const pictures = ref<Record<string, BookingPicture[]>>({})

  async function load(localId: string): Promise<void> {
    // A picture that cannot be read now shows nothing: the booking and its delivery do not depend on it.
    const read = await request('bookings.pictures', { id: localId }).catch(() => null)
    if (read) pictures.value = { ...pictures.value, [localId]: read }
  }

  /** Attaches a reduced picture to a booking's step; the core keeps it and queues it behind the booking. */
  async function attach(localId: string, step: PictureStep, base64: string): Promise<BookingPicture> {
    const picture = await request('bookings.attachPicture', { id: localId, step, base64 })
    pictures.value = { ...pictures.value, [localId]: [...(pictures.value[localId] ?? []), picture] }
    return picture
  }

  function reloadShown(): void {
    for (const id of Object.keys(pictures.value)) void load(id)
  }

  onEvent('sync.changed', reloadShown)
  onEvent('entity.changed', () => (pictures.value = {}))
  return { pictures, load, attach }
})
