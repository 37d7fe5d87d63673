import { z } from 'zod'
import type { DocumentStructure, DocumentType } from '@shared/administration'
import { bool } from './normalise'
import type { RestClient } from './restClient'

/** An object keyed by field name; the field types seen are open-ended (string, boolean, integer…). */
const descriptor = z.record(
  z.string(),
  z.object({
    type: z.string(),
    required: bool,
    default: z
      .union([z.string(), z.number(), z.boolean()])
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  }),
)

export async function fetchDocumentStructure(rest: RestClient, type: DocumentType): Promise<DocumentStructure> {
  const fields = await rest.request({ method: 'GET', path: `/apps/documents_structures/${type}.json` }, descriptor)
  return { type, fields: Object.entries(fields).map(([name, d]) => ({ name, ...d })) }
}
