import { computed, ref } from 'vue'
import type { ImportOutcome, ImportPreview } from '@shared/bundleImport'
import type { FileData } from '@shared/catalogue'
import { useSubmit } from '@renderer/stores/useSubmit'
import { useCatalogueStore } from '@renderer/stores/catalogue'

/**
 * The import dialog's state: the file, its preview (new bundles, updates with what changes, rows with
 * problems) and the import itself. After an import cut short, or refused because a bundle changed on the
 * service, the same file is previewed again at once, so the dialog shows what is still to send.
 */
export function useBundleImport() {
  const catalogue = useCatalogueStore()
  const file = ref<FileData | null>(null)
  const preview = ref<ImportPreview | null>(null)
  const outcome = ref<ImportOutcome | null>(null)

  const reading = useSubmit(async (chosen: FileData) => {
    preview.value = null
    file.value = chosen
    preview.value = await catalogue.importPreview(chosen)
  })

  const sending = useSubmit(async () => {
    if (!file.value) return
    try {
      outcome.value = await catalogue.importBundles(file.value)
    } finally {
      // What landed is in the cache now: the preview of the same file shows only what is left.
      if (!outcome.value || outcome.value.stopped) preview.value = await catalogue.importPreview(file.value).catch(() => preview.value)
    }
  })

  const toSend = computed(() => (preview.value ? preview.value.creates + preview.value.updates : 0))
  const blocked = computed(() => !preview.value || preview.value.invalid > 0 || toSend.value === 0)
  const finished = computed(() => outcome.value !== null && outcome.value.stopped === null)

  function reset(): void {
    file.value = null
    preview.value = null
    outcome.value = null
    reading.reset()
    sending.reset()
  }

  async function choose(chosen: FileData): Promise<void> {
    reset()
    await reading.run(chosen)
  }

  async function send(): Promise<void> {
    if (blocked.value) return
    outcome.value = null
    await sending.run()
  }

  return { file, preview, outcome, reading, sending, toSend, blocked, finished, reset, choose, send }
}
