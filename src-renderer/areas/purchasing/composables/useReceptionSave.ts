import { ref, type ComputedRef, type Ref } from 'vue'
import { useSubmit } from '@renderer/stores/useSubmit'
import { hasProblems, receptionInput, type FormProblems, type ReceptionForm } from '../receptionForm'
import { needsConfirmation, type ReceptionSummary } from '../receptionSummary'
import { usePurchasingStore } from '../stores/purchasing'

/** How a saved reception left its order (the i18n key under purchasing.receptions). */
export type ReceptionSaved = 'savedOrderUnread' | 'savedReceived' | 'savedPartly'

export interface ReceptionSaveInputs {
  orderId: () => number
  form: Ref<ReceptionForm | null>
  foreign: ComputedRef<boolean>
  problems: ComputedRef<FormProblems>
  summary: ComputedRef<ReceptionSummary>
  /** Starts the next reception from what is still pending; none when the store does not know it. */
  startForm: () => void
  /** Reads the order again and starts the form from it; a failure is the screen's to show. */
  reload: () => Promise<unknown>
}

/**
 * The save of a reception: the checks shown after a first attempt, the summary confirmed first when
 * something was counted short or goes into a dated lot, and the order's receptions re-read when the
 * answer was lost.
 */
export function useReceptionSave(inputs: ReceptionSaveInputs) {
  const { orderId, form, foreign, problems, summary, startForm, reload } = inputs
  const store = usePurchasingStore()
  const attempted = ref(false)
  /** The summary is open: a short count or a dated lot is confirmed before the reception is registered. */
  const reviewing = ref(false)

  /** Re-reads the order's receptions only (the form stays as typed); still unreachable, the list stays as it was. */
  const refreshing = useSubmit(() => store.refreshReceptionsOfOrder(orderId()))

  const saving = useSubmit(async (): Promise<ReceptionSaved> => {
    const result = await store.receive(receptionInput(orderId(), form.value!, foreign.value))
    attempted.value = false
    // The next reception starts from what is still pending: the store applied the answer, or forgot the
    // pending it could not know, and no form stands until the order is read again.
    startForm()
    if (!store.draft) await reload()
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

  return { attempted, reviewing, refreshing, saving, save }
}
