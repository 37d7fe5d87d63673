import { computed, ref } from 'vue'
import type { BundleDetail } from '@shared/catalogue'
import { useSubmit } from '@renderer/stores/useSubmit'
import { useConnectionStore } from '@renderer/stores/connection'
import { checkForm, hasChanges, newBundleForm, formFromDetail, type BundleForm } from '../bundleForm'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import { useBundleMedia } from './useBundleMedia'
import { useBundleSave } from './useBundleSave'

/**
 * The bundle editor without its screen: the bundle as read (from the cache or the service), the form
 * and what it changes, the checks shown after a first attempt, the service's refusals kept on the
 * fields still as refused, and the save (create or the changes only). `id` is the route's: undefined
 * for a new bundle.
 */
export function useBundleEditor(id: () => number | undefined) {
  const catalogue = useCatalogueStore()
  const connection = useConnectionStore()

  const detail = ref<BundleDetail | null>(null)
  /** The form as last saved (or empty for a new bundle): what "unsaved changes" compares with. */
  const saved = ref<BundleForm>(newBundleForm())
  const form = ref<BundleForm>(newBundleForm())

  const isNew = computed(() => id() === undefined)
  const offline = computed(() => connection.state !== null && !connection.state.online)
  const dirty = computed(() => hasChanges(form.value, saved.value))
  const problems = computed(() => checkForm(form.value))

  function apply(next: BundleDetail): void {
    detail.value = next
    saved.value = formFromDetail(next)
    form.value = formFromDetail(next)
    sending.forget()
  }

  const sending = useBundleSave({ id, form, saved, problems, apply })
  const lineProblems = computed(() => (sending.attempted.value ? problems.value.lines : {}))
  const { loadMedia, images, forms } = useBundleMedia(id, detail, offline)

  const loading = useSubmit(async (online: boolean) => {
    const bundleId = id()
    if (bundleId === undefined) return
    apply(await catalogue.getBundle(bundleId, online))
  })

  /** Reads the bundle (from the service when `online`), then its images and forms. */
  async function load(online = false): Promise<void> {
    if (id() === undefined) return
    await loading.run(online)
    void loadMedia()
  }

  function startNew(): void {
    detail.value = null
    saved.value = newBundleForm()
    form.value = newBundleForm()
    loading.reset()
    sending.forget()
  }

  /** The route moved (new ↔ an id, or another id): the bundle just created is already here, fresh from the service. */
  function follow(next: number | undefined): void {
    catalogue.forgetMedia()
    if (next === undefined) startNew()
    else if (detail.value?.id !== next) void load()
    else void loadMedia()
  }

  return {
    detail,
    saved,
    form,
    isNew,
    offline,
    dirty,
    problems,
    lineProblems,
    attempted: sending.attempted,
    serviceMessages: sending.serviceMessages,
    refusedFields: sending.refusedFields,
    images,
    forms,
    loading,
    saving: sending.saving,
    load,
    loadMedia,
    follow,
    save: sending.save,
  }
}
