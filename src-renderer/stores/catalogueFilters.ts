import { ref } from 'vue'

export type ActiveFilter = 'all' | 'active' | 'inactive'

/** The catalogue list's filters; kept in the store so that coming back from a bundle finds the list as it was left. */
export function useCatalogueFilters() {
  const query = ref('')
  const tag = ref<string | null>(null)
  const active = ref<ActiveFilter>('all')

  function clearFilters(): void {
    query.value = ''
    tag.value = null
    active.value = 'all'
  }

  return { query, tag, active, clearFilters }
}
