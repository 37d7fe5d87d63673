import { computed, ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { useSubmit } from '@renderer/stores/useSubmit'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useDispatchTicksStore } from '../stores/dispatchTicks'
import { groupCardLines } from '../cardLines'
import { expiredLines } from '../expiredLines'
import { tickProgress, type Ticks } from '../dispatchScan'
import type { DispatchScreen } from './dispatchScreen'

/**
 * Shipping from Dispatch: one question for the bookings about to leave (naming lines on expired lots and a
 * count not finished), then each shipped in turn; after several together, their manifest is offered.
 */
export function useDispatchShip(screen: DispatchScreen, shipped: (localIds: string[]) => void) {
  const store = useBookingsStore()
  const tickStore = useDispatchTicksStore()
  const { t } = screen
  const asking = ref<LocalBooking[] | null>(null)
  const manifestOffer = ref<LocalBooking[] | null>(null)

  const expired = computed(() => expiredLines(asking.value ?? [], screen.freshness))
  const question = computed(() => {
    const batch = asking.value ?? []
    return batch.length === 1
      ? t('dispatch.shipConfirmOne', { number: store.bookingNumber(batch[0] as LocalBooking) })
      : t('dispatch.shipConfirm', { count: batch.length }, batch.length)
  })
  const unchecked = computed(() => unfinishedCount(asking.value, tickStore.ticks))

  /** Each booking shipped in turn; one refused does not stop the others, and the last refusal is kept to show. */
  const submit = useSubmit(async (batch: LocalBooking[]) => {
    const done: string[] = []
    let refused: unknown = null
    for (const b of batch) {
      try {
        await store.ship(b.localId)
        done.push(b.localId)
      } catch (err) {
        refused = err
      }
    }
    // Shipped: the count is of no more use (the core drops it too, whatever this window does).
    for (const id of done) void tickStore.forget(id)
    shipped(done)
    tell(screen, batch, done, (b) => store.bookingNumber(b))
    // The manifest lists the bookings as the cache now has them: shipped, with their lines described.
    if (batch.length > 1 && done.length > 0)
      manifestOffer.value = done.map((id) => store.byLocalId.get(id)).filter((b): b is LocalBooking => b !== undefined)
    if (refused !== null) throw refused
  })

  async function confirm(): Promise<void> {
    const batch = asking.value ?? []
    asking.value = null
    if (batch.length > 0) await submit.run(batch)
  }

  function ask(bookings: LocalBooking[]): void {
    // One question at a time: a second ask while one is shown (or being answered) is not a new one.
    if (bookings.length > 0 && asking.value === null && !submit.busy.value) asking.value = bookings
  }
  function cancel(): void {
    asking.value = null
  }

  function skipManifest(): void {
    manifestOffer.value = null
  }

  async function printManifest(): Promise<void> {
    const bookings = manifestOffer.value ?? []
    manifestOffer.value = null
    await screen.printManifest(bookings)
  }

  return {
    asking,
    manifestOffer,
    working: submit.busy,
    error: submit.error,
    expired,
    question,
    unchecked,
    ask,
    cancel,
    confirm,
    printManifest,
    skipManifest,
  }
}

/** What came of a ship: how many were refused, and the one or how many that left. */
function tell(screen: DispatchScreen, batch: LocalBooking[], done: string[], numberOf: (b: LocalBooking) => string): void {
  const { t } = screen
  const failed = batch.length - done.length
  if (failed > 0) screen.say('error', t('dispatch.someFailed', { count: failed }, failed))
  const only = batch.length === 1 ? batch[0] : undefined
  if (only && done.length === 1) screen.say('success', t('dispatch.shippedOne', { number: numberOf(only) }))
  else if (done.length > 0) screen.say('success', t('dispatch.shippedMany', { count: done.length }, done.length))
}

/** The one booking asked about was counted, but not to the end: how far the count went. */
function unfinishedCount(batch: LocalBooking[] | null, ticks: Record<string, Ticks>): { done: number; of: number } | null {
  const only = batch?.length === 1 ? batch[0] : undefined
  const counted = only ? ticks[only.localId] : undefined
  if (!only || !counted) return null
  const progress = tickProgress(groupCardLines(only.lines), counted)
  return progress.done < progress.of ? progress : null
}
