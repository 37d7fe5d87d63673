import { z } from 'zod'
import type { PictureStep } from '@shared/bookingPictures'
import { count, id } from './normalise'
import { writeRequest, type RestClient } from './restClient'

/**
 * A booking's step pictures on the service (real-service-notes §11). Nothing public shows how the
 * service takes them: a picture travels as the bundles' images do, the multipart part
 * `shipment[<step>_image]` of a PATCH to the booking's REST route, and is read back from the booking's
 * REST show, where the interface names the field a "file reference or null" (CarrierWave's `{url}`,
 * or a bare address). Whether the server keeps it at all is learnt from that read, never assumed.
 */

export const stepField = (step: PictureStep) => `${step}_image` as const

/** A file reference: `{url}` (CarrierWave), a bare address, or nothing. */
const fileReference = z
  .union([z.string(), z.object({ url: z.string().nullish() }).loose(), z.null()])
  .optional()
  .transform((v) => (typeof v === 'string' ? v || null : (v?.url ?? null)))

const pictureFields = z.object({
  id,
  // Left out by an answer in another shape: unknown, not 0 (an edit's check would take the booking for changed).
  lock_version: count.nullish().transform((v) => v ?? null),
  booking_image: fileReference,
  shipping_image: fileReference,
  delivery_image: fileReference,
})

/** What the service shows of a booking's step: the picture's address (null when it holds none) and its version (null: not shown). */
export interface StepPictureView {
  url: string | null
  lockVersion: number | null
}

const viewOf = (b: z.output<typeof pictureFields>, step: PictureStep): StepPictureView => ({
  url: b[stepField(step)],
  lockVersion: b.lock_version,
})

/** Sends one picture. null: a 2xx in another shape, so the caller reads the field back. */
export async function sendStepPicture(
  rest: RestClient,
  serviceId: number,
  step: PictureStep,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<StepPictureView | null> {
  const form = new FormData()
  form.append(`shipment[${stepField(step)}]`, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const answer = await writeRequest(
    rest,
    // A picture may take a while on a shop's line: the limits of a file, far longer than a JSON call's.
    { method: 'PATCH', path: `/pos/bookings/${serviceId}.json`, form, kind: 'file' },
    pictureFields,
  )
  return answer && viewOf(answer, step)
}

/** The step's field as the booking's REST show gives it now. */
export async function readStepPicture(rest: RestClient, serviceId: number, step: PictureStep): Promise<StepPictureView> {
  return viewOf(await rest.request({ method: 'GET', path: `/pos/bookings/${serviceId}.json` }, pictureFields), step)
}
