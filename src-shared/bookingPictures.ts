import { z } from 'zod'
import { errorPayload } from './errorSchemas'

/**
 * A picture taken at one step of a booking (issue 33): the proof a warehouse keeps of what it booked,
 * shipped and delivered. It is kept on this computer with who took it and when, and sent to the
 * booking's field of its step once the booking exists on the service (real-service-notes §11).
 */

/** The step a picture proves; the service's fields are `booking_image`, `shipping_image`, `delivery_image`. */
export const pictureStep = z.enum(['booking', 'shipping', 'delivery'])
export type PictureStep = z.infer<typeof pictureStep>

/**
 * waiting: kept here, not sent yet (its booking not confirmed, the line down); sending: on the wire;
 * unknown: sent without an answer, read back before anything is sent again; sent: the booking's field
 * shows it; refused: the service said no (too large, wrong type), the booking untouched; unsupported:
 * the service took the request but keeps no picture (a server without the capability), kept here.
 */
export const pictureState = z.enum(['waiting', 'sending', 'unknown', 'sent', 'refused', 'unsupported'])
export type PictureState = z.infer<typeof pictureState>

/** What a picture may weigh when it is attached; its reduction to this happens before (not in the core). */
export const maxPictureBytes = 5 * 1024 * 1024

export const bookingPicture = z.object({
  seq: z.number().int(),
  localId: z.string(),
  serviceId: z.number().int().nullable(),
  step: pictureStep,
  state: pictureState,
  mime: z.string(),
  bytes: z.number().int(),
  takenBy: z.string(),
  takenAt: z.string(),
  attempts: z.number().int(),
  lastError: errorPayload.nullable(),
  /** The field's address on the service once sent. */
  url: z.string().nullable(),
  sentAt: z.string().nullable(),
})
export type BookingPicture = z.infer<typeof bookingPicture>

/**
 * The receiver's signature on a delivery, with the name they gave and when they signed, drawn together
 * into one image on the computer that took it. Kept here beside the delivery's photo: when no photo was
 * taken it is also the delivery picture (`pictureSeq`), since the service keeps one image per step.
 */
export const deliverySignature = z.object({
  localId: z.string(),
  receiver: z.string(),
  signedAt: z.string(),
  takenBy: z.string(),
  /** The delivery picture it was attached as, or null when a photo is the delivery's picture. */
  pictureSeq: z.number().int().nullable(),
})
export type DeliverySignature = z.infer<typeof deliverySignature>
