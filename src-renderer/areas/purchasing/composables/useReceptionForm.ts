import { computed, ref } from 'vue'
import { storeToRefs } from 'pinia'
import type { ReceptionCount } from '@shared/domain'
import type { AppError } from '@shared/errors'
import { useLotFreshness } from '@renderer/composables/useLotFreshness'
import { useSubmit } from '@renderer/stores/useSubmit'
import { usePreferencesStore } from '@renderer/stores/preferences'
import { checkForm, countTally, formFromDraft, type FormProblems, type ReceptionForm } from '../receptionForm'
import { receptionSummary } from '../receptionSummary'
import { usePurchasingStore } from '../stores/purchasing'
import { useReceptionSave } from './useReceptionSave'
import { useReceptionScan } from './useReceptionScan'

const noProblems = (): FormProblems => ({ header: [], lines: {} })
const isZero = (text: string) => /^0+(\.0+)?$/.test(text)

/**
 * The reception of one purchase order without its screen: the form started from the order's draft in
 * the chosen way of counting, what each scan counts, the checks shown after a first attempt, and the
 * save (whose answer the store applies; the next reception starts from what is still pending).
 */
export function useReceptionForm(orderId: () => number) {
  const store = usePurchasingStore()
  const preferences = usePreferencesStore()
  const { draft } = storeToRefs(store)

  const form = ref<ReceptionForm | null>(null)
  /** The form as it started: leaving after changing it asks first. */
  const pristine = ref('')
  const { freshness } = useLotFreshness()

  const countMode = computed<ReceptionCount>(() => preferences.preferences.receptionCount)
  const scanning = computed(() => countMode.value === 'scan')
  const order = computed(() => draft.value?.order ?? null)
  const foreign = computed(() => draft.value?.foreignCurrency ?? false)
  const problems = computed(() => (form.value ? checkForm(form.value, foreign.value) : noProblems()))
  const nothingPending = computed(() => !!form.value && form.value.lines.every((l) => isZero(l.pending)))
  const tally = computed(() => (form.value ? countTally(form.value) : null))
  const summary = computed(() => (form.value ? receptionSummary(form.value, freshness) : { shortfalls: [], lots: [] }))
  const dirty = computed(() => !!form.value && JSON.stringify(form.value) !== pristine.value)

  // A scan counts nothing while the reception is being saved.
  const scans = useReceptionScan(form, () => sending.saving.busy.value)

  /** A fresh form from the draft in the store, in the chosen way of counting; none without a draft. */
  function startForm(): void {
    if (!draft.value) {
      form.value = null
      return
    }
    form.value = formFromDraft(draft.value, store.context?.userAgencyId ?? null, countMode.value)
    pristine.value = JSON.stringify(form.value)
    scans.forget()
  }

  const sending = useReceptionSave({ orderId, form, foreign, problems, summary, startForm, reload: () => loading.run() })
  const shownProblems = computed(() => (sending.attempted.value ? problems.value : noProblems()))

  const loading = useSubmit(async () => {
    await Promise.all([store.loadContext(), store.loadReceptionOrder(orderId())])
    startForm()
    return true
  })

  /** Kept for the next receptions; the lines change only while nothing is typed. */
  async function setCountMode(mode: ReceptionCount): Promise<'applied' | 'appliesNext' | AppError> {
    const untouched = !dirty.value
    await preferences.set({ receptionCount: mode })
    if (preferences.saveError) return preferences.saveError
    if (!untouched) return 'appliesNext'
    startForm()
    return 'applied'
  }

  return {
    form,
    order,
    foreign,
    countMode,
    scanning,
    problems,
    shownProblems,
    nothingPending,
    tally,
    summary,
    reviewing: sending.reviewing,
    dirty,
    lastScan: scans.lastScan,
    scanNote: scans.scanNote,
    loading,
    refreshing: sending.refreshing,
    saving: sending.saving,
    load: () => loading.run(),
    setCountMode,
    scan: scans.scan,
    save: sending.save,
  }
}
