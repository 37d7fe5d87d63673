/**
 * The words of the bookings area, in Spanish like the rest of the service's
 * messages. The spec shows none of them: they are ours (ADDITIONS.md), kept
 * in one place so the routes and the tests agree.
 */
export const bookingText = {
  notADate: 'no es una fecha válida',
  inactiveAgency: 'no está activa',
  sameAsOrigin: 'debe ser distinta de la agencia de origen',
  otherCategory: 'debe ser de la misma categoría que la agencia de origen',
  cannotChange: 'no se puede cambiar',
  noLines: 'debe tener al menos un producto',
  inactiveItem: 'no está activo',
  lotOfAnotherItem: 'no pertenece al producto',
  requestVoided: 'está anulada',
  requestBooked: 'ya tiene una reserva',
  /** Over-booking, on the line's booked_quantity. */
  overBooked: (code: string, agency: string, available: string) =>
    `excede la existencia disponible de ${code} en ${agency} (disponible: ${available})`,
  overBookedLot: (code: string, lot: string, agency: string, available: string) =>
    `excede la existencia disponible de ${code}, lote ${lot}, en ${agency} (disponible: ${available})`,
  overBookedSingleLot: (code: string, agency: string, best: string, total: string) =>
    `excede la existencia disponible de ${code} en un solo lote en ${agency} (disponible: ${best}; ${total} entre todos sus lotes)`,
  /** `{base: [...]}` refusals by state. */
  shippedNoEdit: 'La reserva ya fue despachada y no se puede modificar',
  shippedNoDelete: 'La reserva ya fue despachada y no se puede eliminar',
  alreadyShipped: 'La reserva ya fue despachada',
  alreadyDelivered: 'El envío ya fue entregado',
  voided: 'La reserva está anulada',
  returned: 'La reserva fue devuelta',
  mustShipFirst: 'La reserva necesita transporte: debe despacharse antes de entregarse',
  /** deliver.json on a shipment in transit, extensions off (docs: that path does not deliver one). */
  inTransitDeliveredByTransits: 'El envío está en tránsito: se recibe desde Tránsitos indicando lo entregado',
  /** A transit delivery of a shipment that is not in transit. */
  notInTransit: 'El envío no está en tránsito',
  /** A delivered_quantity above the movement's booked quantity. */
  overDelivered: (booked: string) => `no puede ser mayor que la cantidad reservada (${booked})`,
  /** The memo of the booking made for what a transit delivery left short. */
  shortfallMemo: (number: string) => `Faltante del envío ${number}`,
  /** 409 `{error}` when the lock_version sent is not the stored one. */
  stale: (sent: number, stored: number) =>
    `La reserva fue modificada por otra persona (versión ${stored}; se editó la versión ${sent}). Vuelva a cargarla antes de guardar.`,
  notFound: (id: string) => `Couldn't find Shipment with 'id'=${id}`,
  movementNotFound: (id: string, shipmentId: number) => `Couldn't find Movement with ID=${id} for Shipment with ID=${shipmentId}`,
  transferRequestNotFound: (id: string) => `Couldn't find TransferRequest with 'id'=${id}`,
} as const
