import { computed, ref, toRaw } from 'vue'
import type { BundleImageSlot, ImageSlot } from '@shared/bundleImages'
import type { BundleDetail } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { useSubmit } from '@renderer/composables/useSubmit'
import { useConnectionStore } from '@renderer/stores/connection'
import {
  changesFrom,
  checkForm,
  createInput,
  formFieldOf,
  hasChanges,
  hasProblems,
  newBundleForm,
  formFromDetail,
  serviceMessagesByField,
  type BundleForm,
  type FormField,
} from '../bundleForm'
import { useCatalogueStore } from '@renderer/stores/catalogue'

/** What a save did: refused before sending (the fields to look at), nothing changed, created or saved; undefined when the service refused or failed (`saving.error`). */
export type BundleSaved =
  | { kind: 'problems'; fields: string[] }
  | { kind: 'nothingToSave' }
  | { kind: 'created'; bundle: BundleDetail }
  | { kind: 'saved'; bundle: BundleDetail }

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
  /** The form as it was when the service refused it: its messages hold until the field is changed. */
  const refusedForm = ref<BundleForm | null>(null)
  /** Client-side problems shout only after a first save attempt; until then they would nag mid-typing. */
  const attempted = ref(false)

  const isNew = computed(() => id() === undefined)
  const offline = computed(() => connection.state !== null && !connection.state.online)
  const dirty = computed(() => hasChanges(form.value, saved.value))
  const problems = computed(() => checkForm(form.value))
  const lineProblems = computed(() => (attempted.value ? problems.value.lines : {}))

  function apply(next: BundleDetail): void {
    detail.value = next
    saved.value = formFromDetail(next)
    form.value = formFromDetail(next)
    saving.reset()
    refusedForm.value = null
    attempted.value = false
  }

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

  function startNew(): void {
    detail.value = null
    saved.value = newBundleForm()
    form.value = newBundleForm()
    saving.reset()
    loading.reset()
    refusedForm.value = null
    attempted.value = false
  }

  /** The route moved (new ↔ an id, or another id): the bundle just created is already here, fresh from the service. */
  function follow(next: number | undefined): void {
    catalogue.forgetMedia()
    if (next === undefined) startNew()
    else if (detail.value?.id !== next) void load()
    else void loadMedia()
  }

  /** Service messages by field, kept only for fields still as they were when refused. */
  const serviceMessages = computed(() => {
    const error = saving.error.value
    if (!error || !refusedForm.value) return {}
    const byField = serviceMessagesByField(error.fields)
    const refused = refusedForm.value
    const result: Partial<Record<FormField, string[]>> = {}
    for (const [field, messages] of Object.entries(byField) as [FormField, string[]][]) {
      if (field === 'base' || JSON.stringify(form.value[field]) === JSON.stringify(refused[field])) result[field] = messages
    }
    return result
  })

  const saving = useSubmit(async (): Promise<BundleSaved> => {
    const bundleId = id()
    try {
      if (bundleId === undefined) {
        const created = await catalogue.createBundle(createInput(form.value))
        apply(created)
        return { kind: 'created', bundle: created }
      }
      const changes = changesFrom(form.value, saved.value)
      if (Object.keys(changes).length === 0) return { kind: 'nothingToSave' }
      const updated = await catalogue.updateBundle(bundleId, changes)
      apply(updated)
      return { kind: 'saved', bundle: updated }
    } catch (err) {
      // The form stays exactly as typed: the clerk fixes what the service pointed at and saves again.
      refusedForm.value = structuredClone(toRaw(form.value))
      throw AppError.from(err)
    }
  })

  async function save(): Promise<BundleSaved | undefined> {
    if (saving.busy.value) return undefined
    attempted.value = true
    if (hasProblems(problems.value)) {
      const fields = [...Object.keys(problems.value.fields), ...(Object.keys(problems.value.lines).length ? ['components'] : [])]
      return { kind: 'problems', fields }
    }
    return saving.run()
  }

  /** The fields the last refusal named, in the form's own names (for the screen to focus the first). */
  const refusedFields = computed(() => Object.keys(saving.error.value?.fields ?? {}).map(formFieldOf))

  return {
    detail,
    saved,
    form,
    isNew,
    offline,
    dirty,
    problems,
    lineProblems,
    attempted,
    serviceMessages,
    refusedFields,
    images,
    forms,
    loading,
    saving,
    load,
    loadMedia,
    follow,
    save,
  }
}
