import type { FormLine } from '@renderer/stores/bookingFormLines'

/** The form's fields the lines editor works on: the counter's kept form, or an edit's copy. */
export interface BookingFields {
  destination: number | null
  plannedDelivery: string | null
  reference: string
  needsTransport: boolean
  transferRequestId: number | null
  lines: FormLine[]
}
