import { computed, type Ref } from 'vue'
import type { BundleImageSlot, ImageSlot } from '@shared/bundleImages'
import type { BundleDetail } from '@shared/catalogue'
import { useCatalogueStore } from '@renderer/stores/catalogue'

/**
 * A bundle's images and forms: as the service has them now when online, else the image addresses
 * cached with the bundle (and no forms).
 */
export function useBundleMedia(id: () => number | undefined, detail: Ref<BundleDetail | null>, offline: Ref<boolean>) {
  const catalogue = useCatalogueStore()

  /** Images and forms as the service has them now (online only); offline the cached image addresses stand in. */
  async function loadMedia(): Promise<void> {
    const bundleId = id()
    if (bundleId === undefined || offline.value) return
    await catalogue.loadMedia(bundleId)
  }
  const mediaShown = computed(() => (catalogue.media && catalogue.media.bundleId === id() ? catalogue.media : null))
  const images = computed<BundleImageSlot[]>(() => {
    if (mediaShown.value) return mediaShown.value.images
    const d = detail.value
    const cached = d ? [d.image, d.image2, d.image3, d.image4, d.image5] : []
    return ([1, 2, 3, 4, 5] as ImageSlot[]).map((slot) => ({
      slot,
      url: cached[slot - 1]?.url ?? null,
      thumbnailUrl: cached[slot - 1]?.thumbnailUrl ?? null,
    }))
  })
  const forms = computed(() => mediaShown.value?.forms ?? null)

  return { loadMedia, images, forms }
}
