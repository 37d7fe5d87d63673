import { computed, ref } from 'vue'
import { storeToRefs } from 'pinia'
import type { ReceptionCount } from '@shared/domain'
import type { AppError } from '@shared/errors'
import { useLotFreshness } from '@renderer/composables/useLotFreshness'
import { useSubmit } from '@renderer/composables/useSubmit'
import { usePreferencesStore } from '@renderer/stores/preferences'
import {
  checkForm,
  countScan,
  countTally,
  formFromDraft,
  hasProblems,
  lineByCode,
  receptionInput,
  type FormProblems,
  type ReceptionForm,
  type ReceptionLineForm,
} from '../receptionForm'
import { needsConfirmation, receptionSummary } from '../receptionSummary'
import { usePurchasingStore } from '../stores/purchasing'

/** What the last scan did, said under the scan box: an i18n key under purchasing.receptions.count and its values (quantities unformatted). */
export interface ScanNote {
  type: 'success' | 'warning' | 'error'
  key: string
  params: Record<string, string>
}

/** How a saved reception left its order (the i18n key under purchasing.receptions). */
export type ReceptionSaved = 'savedOrderUnread' | 'savedReceived' | 'savedPartly'

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
  const attempted = ref(false)
  /** The form as it started: leaving after changing it asks first. */
  const pristine = ref('')
  const lastScan = ref<number | null>(null)
  const scanNote = ref<ScanNote | null>(null)
  /** The summary is open: a short count or a dated lot is confirmed before the reception is registered. */
  const reviewing = ref(false)
  const { freshness } = useLotFreshness()

  const countMode = computed<ReceptionCount>(() => preferences.preferences.receptionCount)
  const scanning = computed(() => countMode.value === 'scan')
  const order = computed(() => draft.value?.order ?? null)
  const foreign = computed(() => draft.value?.foreignCurrency ?? false)
  const problems = computed(() => (form.value ? checkForm(form.value, foreign.value) : noProblems()))
  const shownProblems = computed(() => (attempted.value ? problems.value : noProblems()))
  const nothingPending = computed(() => !!form.value && form.value.lines.every((l) => isZero(l.pending)))
  const tally = computed(() => (form.value ? countTally(form.value) : null))
  const summary = computed(() => (form.value ? receptionSummary(form.value, freshness) : { shortfalls: [], lots: [] }))
  const dirty = computed(() => !!form.value && JSON.stringify(form.value) !== pristine.value)

  /** A fresh form from the draft in the store, in the chosen way of counting. */
  function startForm(): void {
    if (!draft.value) return
    form.value = formFromDraft(draft.value, store.context?.userAgencyId ?? null, countMode.value)
    pristine.value = JSON.stringify(form.value)
    lastScan.value = null
    scanNote.value = null
  }

  const loading = useSubmit(async () => {
    await Promise.all([store.loadContext(), store.loadReceptionOrder(orderId())])
    startForm()
    return true
  })

  /** Re-reads the order's receptions only (the form stays as typed); still unreachable, the list stays as it was. */
  const refreshing = useSubmit(() => store.refreshReceptionsOfOrder(orderId()))

  /** Kept for the next receptions; the lines change only while nothing is typed. */
  async function setCountMode(mode: ReceptionCount): Promise<'applied' | 'appliesNext' | AppError> {
    const untouched = !dirty.value
    await preferences.set({ receptionCount: mode })
    if (preferences.saveError) return preferences.saveError
    if (!untouched) return 'appliesNext'
    startForm()
    return 'applied'
  }

  const refuse = (key: string, params: Record<string, string>): void => void (scanNote.value = { type: 'error', key, params })

  /** Counts one scan (`count` of `code`); the line it counted, or null when it was refused. */
  async function scan(code: string, count: string, kind?: 'item' | 'bundle'): Promise<ReceptionLineForm | null> {
    if (!form.value || saving.busy.value || !code) return null
    let itemId = kind === 'bundle' ? null : (lineByCode(form.value, code)?.itemId ?? null)
    let item = code
    if (itemId === null) {
      // The catalogue cached on this computer knows barcodes; without it, only the order's own codes are known.
      const found = await store.identify(code, kind).catch(() => ({ kind: 'unknown' as const, code }))
      if (found.kind !== 'item') return (refuse(found.kind === 'bundle' ? 'bundle' : 'unknownCode', { code }), null)
      itemId = found.itemId
      item = `${found.code} — ${found.name}`
    }
    const outcome = countScan(form.value, itemId, count)
    if (outcome.kind === 'notOnOrder') return (refuse('notOnOrder', { item }), null)
    const l = outcome.line
    lastScan.value = l.detailId
    const params = { item: lineLabel(l), quantity: l.quantity, pending: l.pending }
    scanNote.value = outcome.over ? { type: 'warning', key: 'over', params } : { type: 'success', key: 'counted', params }
    return l
  }

  const saving = useSubmit(async (): Promise<ReceptionSaved> => {
    const result = await store.receive(receptionInput(orderId(), form.value!, foreign.value))
    attempted.value = false
    // The next reception starts from what is still pending (the store applied the answer).
    startForm()
    return !result.order ? 'savedOrderUnread' : result.order.received ? 'savedReceived' : 'savedPartly'
  })

  /**
   * Saves when the form passes its checks and, when something was counted short or goes into an expired or
   * expiring lot, once the summary is `confirmed` (until then: 'review', the summary open). The answer's
   * effect on the order, or undefined (the problems or the error say why).
   */
  async function save(confirmed = false): Promise<ReceptionSaved | 'review' | undefined> {
    if (saving.busy.value || !form.value) return undefined
    attempted.value = true
    if (hasProblems(problems.value)) return undefined
    if (!confirmed && needsConfirmation(summary.value)) {
      reviewing.value = true
      return 'review'
    }
    // Confirmed: the summary gives way, so a refusal or a lost answer is read on the screen under it.
    reviewing.value = false
    const saved = await saving.run()
    // The answer was lost, not necessarily the reception: show the order's receptions as they are now.
    if (saving.error.value?.code === 'unknown_outcome') void refreshing.run()
    return saved
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
    reviewing,
    dirty,
    lastScan,
    scanNote,
    loading,
    refreshing,
    saving,
    load: () => loading.run(),
    setCountMode,
    scan,
    save,
  }
}

export const lineLabel = (l: ReceptionLineForm) => `${l.code ?? l.itemId} — ${l.name ?? ''}`
