import { ref, type Ref } from 'vue'
import { request } from '../api'

/** The catalogue's tag cloud; a chosen tag (`tag`) that no longer exists is let go. */
export function useCatalogueTags(tag: Ref<string | null>) {
  const tags = ref<{ tag: string; count: number }[]>([])

  async function loadTags(): Promise<void> {
    try {
      tags.value = await request('catalogue.tags')
      // A tag that no longer exists would filter the list down to nothing.
      if (tag.value !== null && !tags.value.some((t) => t.tag === tag.value)) tag.value = null
    } catch {
      // The cloud is a convenience: without it the list still works.
    }
  }

  return { tags, loadTags }
}
