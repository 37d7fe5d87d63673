import { computed, ref } from 'vue'
import { request } from '../api'
import type { RequestInput } from '@shared/contract'
import type { BundleMedia, ImageSlot } from '@shared/bundleImages'
import { createLoader } from './loader'

/** The open bundle's images and forms (online only; offline the cached addresses stand in). */
export function useBundleMedia() {
  const media = ref<BundleMedia | null>(null)
  let mediaOf = 0
  // Kept with its bundle's id: a screen shows it only for the bundle it has open.
  const mediaLoader = createLoader(
    () => request('bundles.media', { bundleId: mediaOf }),
    (fresh) => (media.value = fresh),
  )
  const mediaError = computed(() => mediaLoader.error)
  async function loadMedia(bundleId: number): Promise<void> {
    mediaOf = bundleId
    await mediaLoader.load()
  }
  /** An answer still on its way is forgotten too: it belongs to the bundle or the company left. */
  function forgetMedia(): void {
    media.value = null
    mediaLoader.reset()
  }
  async function setImage(input: RequestInput<'bundles.setImage'>): Promise<BundleMedia> {
    media.value = await request('bundles.setImage', input)
    return media.value
  }
  async function removeImage(bundleId: number, slot: ImageSlot): Promise<BundleMedia> {
    media.value = await request('bundles.removeImage', { bundleId, slot })
    return media.value
  }

  return { media, mediaError, loadMedia, forgetMedia, setImage, removeImage }
}
