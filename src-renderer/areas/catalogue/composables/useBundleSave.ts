import { computed, ref, toRaw, type ComputedRef, type Ref } from 'vue'
import type { BundleDetail } from '@shared/catalogue'
import { AppError } from '@shared/errors'
import { useSubmit } from '@renderer/stores/useSubmit'
import { useCatalogueStore } from '@renderer/stores/catalogue'
import {
  changesFrom,
  createInput,
  formFieldOf,
  hasProblems,
  serviceMessagesByField,
  type BundleForm,
  type FormField,
  type FormProblems,
} from '../bundleForm'

/** What a save did: refused before sending (the fields to look at), nothing changed, created or saved; undefined when the service refused or failed (`saving.error`). */
export type BundleSaved =
  | { kind: 'problems'; fields: string[] }
  | { kind: 'nothingToSave' }
  | { kind: 'created'; bundle: BundleDetail }
  | { kind: 'saved'; bundle: BundleDetail }

export interface BundleSaveInputs {
  id: () => number | undefined
  form: Ref<BundleForm>
  /** The form as last saved: only what differs from it is sent. */
  saved: Ref<BundleForm>
  problems: ComputedRef<FormProblems>
  /** Shows the bundle the service answered with. */
  apply: (bundle: BundleDetail) => void
}

/**
 * The save of a bundle (create, or the changes only): the checks shown after a first attempt, and the
 * service's refusals kept on the fields still as refused.
 */
export function useBundleSave({ id, form, saved, problems, apply }: BundleSaveInputs) {
  const catalogue = useCatalogueStore()
  /** The form as it was when the service refused it: its messages hold until the field is changed. */
  const refusedForm = ref<BundleForm | null>(null)
  /** Client-side problems shout only after a first save attempt; until then they would nag mid-typing. */
  const attempted = ref(false)

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

  /** The fields the last refusal named, in the form's own names (for the screen to focus the first). */
  const refusedFields = computed(() => Object.keys(saving.error.value?.fields ?? {}).map(formFieldOf))

  /** Another bundle shown (or a fresh one): no refusal or attempt of the last one holds. */
  function forget(): void {
    saving.reset()
    refusedForm.value = null
    attempted.value = false
  }

  return { attempted, serviceMessages, refusedFields, saving, save, forget }
}
