import { computed, ref } from 'vue'
import type { LocalBooking } from '@shared/bookings'
import { useSubmit } from '@renderer/stores/useSubmit'
import { useBookingsStore } from '@renderer/stores/bookings'
import { useDispatchTicksStore } from '../stores/dispatchTicks'
import { countedDelivery, type Shortfall } from '../deliveryShortfall'
import type { CardLine } from '../cardLines'

/** A delivery recorded: the booking as it now stands, and whether it went short (the service books the rest again). */
export interface Delivered {
  booking: LocalBooking
  short: boolean
}

/**
 * The dispatch screen's delivery, without the screen: which booking is being confirmed, what its count
 * says (deliveryShortfall.ts), and the two ways to deliver it. A count short of a line asks first, with
 * *deliver what was counted* as the default (a shipment in transit is delivered short through the
 * service's transit delivery, which books the rest again) and *deliver all as booked* as the deliberate
 * second choice; the clerk's note on the difference goes with the delivery. A booking that never
 * travelled cannot be delivered short (the service delivers it as booked): its default is to go back.
 */
export function useDispatchDelivery() {
  const bookings = useBookingsStore()
  const ticks = useDispatchTicksStore()
  const asking = ref<LocalBooking | null>(null)
  const note = ref('')

  const count = computed(() => (asking.value ? countedDelivery(asking.value, ticks.ticks[asking.value.localId]) : null))
  const shortfalls = computed<Shortfall[]>(() => (count.value?.kind === 'short' ? count.value.shortfalls : []))
  /** Only a shipment in transit is delivered short: the service's transit delivery takes quantities. */
  const canDeliverShort = computed(() => asking.value?.shipped === true)

  const submit = useSubmit(async (b: LocalBooking, counted: boolean) => {
    const c = countedDelivery(b, ticks.ticks[b.localId])
    const text = note.value.trim() || null
    const short = counted && c.kind === 'short'
    const booking = short ? await bookings.deliver(b.localId, { delivered: c.delivered, note: text }) : await bookings.deliver(b.localId)
    asking.value = null
    note.value = ''
    // Delivered: the count is of no more use (the core drops it too).
    void ticks.forget(b.localId)
    return { booking, short }
  })

  /** Opens the confirmation; an over-count is refused (the lines are returned) and nothing opens. */
  function ask(b: LocalBooking): { kind: 'asked' } | { kind: 'over'; lines: CardLine[] } {
    const c = countedDelivery(b, ticks.ticks[b.localId])
    if (c.kind === 'over') return c
    submit.reset()
    note.value = ''
    asking.value = b
    return { kind: 'asked' }
  }

  /** The default action: what was counted (or the whole booking when nothing is short). */
  function deliverCounted(): Promise<Delivered | undefined> {
    const b = asking.value
    if (!b || (shortfalls.value.length > 0 && !canDeliverShort.value)) return Promise.resolve(undefined)
    return submit.run(b, true)
  }

  /** The deliberate second choice: every line as booked, whatever was counted. */
  function deliverAll(): Promise<Delivered | undefined> {
    const b = asking.value
    return b ? submit.run(b, false) : Promise.resolve(undefined)
  }

  /** Not while the delivery is on its way: its failure is shown in the question, and the question must still be there. */
  function cancel(): void {
    if (submit.busy.value) return
    asking.value = null
    note.value = ''
  }

  return {
    asking,
    note,
    shortfalls,
    canDeliverShort,
    busy: submit.busy,
    error: submit.error,
    ask,
    deliverCounted,
    deliverAll,
    cancel,
  }
}
