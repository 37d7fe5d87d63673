import { defineStore } from 'pinia'
import { reactive, ref } from 'vue'
import { onEvent, request } from '@renderer/api'
import type { BookingPicture, DeliverySignature } from '@shared/bookingPictures'
import { createLoader } from '@renderer/stores/loader'
import type { Thumbnail } from '@renderer/stores/keptPictures'

/**
 * The receivers' signatures on deliveries kept on this computer (issue 33): read whole once, then changed by
 * this window's own signing (the answer is applied; no other command changes them). Their images are read
 * one at a time, when a card shows them.
 */
export const useDeliverySignaturesStore = defineStore('deliverySignatures', () => {
  const signatures = ref<DeliverySignature[]>([])
  const loaded = ref(false)
  const images = reactive(new Map<string, Thumbnail>())
  const listRead = createLoader(
    () => request('bookings.signatures'),
    (list) => {
      signatures.value = list
      loaded.value = true
    },
  )

  function clear(): void {
    listRead.reset()
    signatures.value = []
    loaded.value = false
    images.clear()
  }
  onEvent('entity.changed', () => {
    const wasLoaded = loaded.value
    clear()
    if (wasLoaded) void listRead.load()
  })
  onEvent('session.changed', () => clear())
  onEvent('bookings.changed', ({ removed }) => {
    if (removed.length > 0) signatures.value = signatures.value.filter((s) => !removed.includes(s.localId))
  })

  async function ensureLoaded(): Promise<void> {
    if (!loaded.value && !listRead.loading) await listRead.load()
  }

  function of(localId: string): DeliverySignature | null {
    return signatures.value.find((s) => s.localId === localId) ?? null
  }

  /** The signature's image as a data URL, read the first time it is asked for (again after a new signature). */
  function image(localId: string): Thumbnail {
    const known = images.get(localId)
    if (known) return known
    const thumb: Thumbnail = reactive({
      url: null as string | null,
      loader: createLoader(
        () => request('bookings.signatureImage', { id: localId }),
        ({ mime, base64 }) => (thumb.url = `data:${mime};base64,${base64}`),
      ),
    })
    images.set(localId, thumb)
    void thumb.loader.load()
    return images.get(localId)!
  }

  /** Keeps the receiver's signature (and the core attaches it as the delivery picture when there is no photo). */
  async function sign(
    localId: string,
    receiver: string,
    base64: string,
  ): Promise<{ signature: DeliverySignature; picture: BookingPicture | null }> {
    const answer = await request('bookings.signDelivery', { id: localId, receiver, base64 })
    signatures.value = [...signatures.value.filter((s) => s.localId !== localId), answer.signature]
    images.delete(localId)
    return answer
  }

  return { signatures, loaded, ensureLoaded, of, image, sign }
})
