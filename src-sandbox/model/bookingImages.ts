import type { Sqlite } from '@base/sqlite'
import { isUploadedFile } from '../http/multipartBodyParser'
import { checkImage, sanitizeFileName, sniffImageType } from './bundleImages'

/**
 * A booking's three pictures, one per step (the spec's `booking_image`, `shipping_image`,
 * `delivery_image`). Nothing public shows how the service takes them (real-service-notes §11): the
 * sandbox takes them as it takes a bundle's images, the multipart part `shipment[<step>_image]` of a
 * PATCH or PUT to the booking, with the same types and limit. An extension (ADDITIONS.md): without
 * extensions the part is dropped, as Rails drops a parameter it does not permit.
 */

export const imageSteps = ['booking', 'shipping', 'delivery'] as const
export type ImageStep = (typeof imageSteps)[number]

export const stepKey = (step: ImageStep) => `${step}_image` as const

export interface StepImage {
  step: ImageStep
  fileName: string
  contentType: string
  bytes: Buffer
}

export interface StepImages {
  images: StepImage[]
  /** Field errors, keyed like the service's (`booking_image`, …). */
  errors: Record<string, string[]>
}

/** The image parts of a booking's parameters; a text value where a file belongs is ignored, as strong parameters drop it. */
export function readStepImages(params: Record<string, unknown>): StepImages {
  const images: StepImage[] = []
  const errors: Record<string, string[]> = {}
  for (const step of imageSteps) {
    const file = params[stepKey(step)]
    if (!isUploadedFile(file)) continue
    const problem = checkImage(file)
    if (problem) errors[stepKey(step)] = [problem]
    else {
      const type = sniffImageType(file.bytes)!
      images.push({ step, fileName: sanitizeFileName(file.filename, type), contentType: type, bytes: file.bytes })
    }
  }
  return { images, errors }
}

/** The parameters without their picture parts: what the booking's own form reads. */
export function withoutStepImages(params: Record<string, unknown>): Record<string, unknown> {
  const pictureKeys = new Set<string>(imageSteps.map(stepKey))
  return Object.fromEntries(Object.entries(params).filter(([k]) => !pictureKeys.has(k)))
}

/** Where the sandbox serves a picture: CarrierWave's store_dir `uploads/<model>/<mounted_as>/<id>`. */
export function stepImagePath(shipmentId: number, step: ImageStep, fileName: string): string {
  return `/uploads/shipment/${stepKey(step)}/${shipmentId}/${fileName}`
}

/** Stores the pictures of one write, replacing what each step held; the caller holds the transaction. */
export function writeStepImages(db: Sqlite, shipmentId: number, images: readonly StepImage[], now: string): void {
  for (const image of images) {
    db.prepare(
      `INSERT INTO shipment_images (shipment_id, step, file_name, content_type, bytes, uploaded_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (shipment_id, step) DO UPDATE SET file_name = excluded.file_name, content_type = excluded.content_type,
         bytes = excluded.bytes, uploaded_at = excluded.uploaded_at`,
    ).run(shipmentId, image.step, image.fileName, image.contentType, image.bytes, now)
    // Any update of a Rails record with optimistic locking bumps its lock_version, an upload too.
    db.prepare(`UPDATE shipments SET ${stepKey(image.step)}_url = ?, updated_at = ?, lock_version = lock_version + 1 WHERE id = ?`).run(
      stepImagePath(shipmentId, image.step, image.fileName),
      now,
      shipmentId,
    )
  }
}

/** The file of a step, when its name is the one asked for. */
export function findStepImage(
  db: Sqlite,
  shipmentId: number,
  step: ImageStep,
  requested: string,
): { content_type: string; bytes: Buffer } | undefined {
  const row = db
    .prepare<[number, ImageStep], { file_name: string; content_type: string; bytes: Buffer }>(
      'SELECT file_name, content_type, bytes FROM shipment_images WHERE shipment_id = ? AND step = ?',
    )
    .get(shipmentId, step)
  return row && row.file_name === requested ? row : undefined
}

export function stepOfKey(key: string): ImageStep | undefined {
  return imageSteps.find((step) => stepKey(step) === key)
}
