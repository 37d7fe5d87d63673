import { z } from 'zod'
import type { BundleForms, BundleMedia, ImageSlot } from '@shared/bundleImages'
import { type ServiceBundleDetail, bundleDetailSchema } from './bundlesApi'
import { writeRequest, type RestClient } from './restClient'

/**
 * A bundle's image uploads and associated forms on the service.
 *
 * Uploads: the interface names the five mounts (`image` … `image5`) but not
 * how a file travels. The service's SDK sends files as multipart FormData with
 * Rails-style nested names (zauru-forms.ts, `convertToFormData`), so a file is
 * the part `bundle[imageN]` of a PATCH to the bundle; a removal is
 * CarrierWave's `remove_imageN` flag (nothing public shows it; it is the
 * convention of the library the upload objects come from).
 *
 * Forms: the documentation says the bundle's show returns its associated
 * forms; their shape is unshown. They are read leniently in the SDK's names
 * (FormGraphQL, FormSubmissionGraphQL); whatever cannot be read is counted,
 * never fatal.
 */

/** `image` for slot 1, `image2` … `image5` for the others: the service's field names. */
export const imageField = (slot: ImageSlot) => (slot === 1 ? 'image' : `image${slot}`)

/** null: the service answered 2xx in another shape, so the write is done and the caller reads the bundle back. */
export async function setBundleImage(
  rest: RestClient,
  bundleId: number,
  slot: ImageSlot,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<ServiceBundleDetail | null> {
  const form = new FormData()
  form.append(`bundle[${imageField(slot)}]`, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  return writeRequest(
    rest,
    // An upload may take a while on a shop's line: the limits of a file, far longer than a JSON call's.
    { method: 'PATCH', path: `/inventories/bundles/${bundleId}.json`, form, kind: 'file' },
    bundleDetailSchema,
  )
}

export async function removeBundleImage(rest: RestClient, bundleId: number, slot: ImageSlot): Promise<ServiceBundleDetail | null> {
  return writeRequest(
    rest,
    { method: 'PATCH', path: `/inventories/bundles/${bundleId}.json`, body: { bundle: { [`remove_${imageField(slot)}`]: '1' } } },
    bundleDetailSchema,
  )
}

/** The five slots of a bundle as the service gave them. */
export function imagesOf(b: ServiceBundleDetail): BundleMedia['images'] {
  const slots = [b.image, b.image2, b.image3, b.image4, b.image5]
  return slots.map((img, index) => ({ slot: (index + 1) as ImageSlot, url: img?.url ?? null, thumbnailUrl: img?.thumbnail_url ?? null }))
}

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return JSON.stringify(v)
}

const formValueSchema = z
  .object({
    value: z.unknown(),
    settings_form_field: z.object({ name: z.string(), field_type: z.string().nullish() }).loose(),
  })
  .loose()

const formSchema = z
  .object({
    name: z.string(),
    description: z.string().nullish(),
    // The values may come under the form's submission, or on the form itself.
    form_submission: z
      .object({ settings_form_submission_values: z.array(z.unknown()).nullish() })
      .loose()
      .nullish(),
    settings_form_submission_values: z.array(z.unknown()).nullish(),
  })
  .loose()

export function formsOf(raw: unknown): BundleForms {
  if (!Array.isArray(raw)) return { state: 'notGiven' }
  let unreadable = 0
  const forms: Extract<BundleForms, { state: 'given' }>['forms'] = []
  for (const entry of raw) {
    const form = formSchema.safeParse(entry)
    if (!form.success) {
      unreadable += 1
      continue
    }
    const values = form.data.form_submission?.settings_form_submission_values ?? form.data.settings_form_submission_values ?? []
    forms.push({
      name: form.data.name,
      description: form.data.description ?? null,
      values: values.flatMap((v) => {
        const value = formValueSchema.safeParse(v)
        return value.success
          ? [
              {
                field: value.data.settings_form_field.name,
                fieldType: value.data.settings_form_field.field_type ?? null,
                value: text(value.data.value),
              },
            ]
          : []
      }),
    })
  }
  return { state: 'given', forms, unreadable }
}

export function mediaOf(b: ServiceBundleDetail): BundleMedia {
  return { bundleId: b.id, images: imagesOf(b), forms: formsOf(b.forms) }
}
