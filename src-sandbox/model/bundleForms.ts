import { z } from 'zod'
import type { StatementCache } from '../store/statementCache'
import { toDetailTimestamp } from '../timestamps'

/**
 * A bundle's associated forms, as the show and update responses give them.
 * The service's documentation says the bundle detail returns "los formularios
 * asociados" and the interface leaves their shape unshown. The SDK has forms
 * with `document_type: "bundle"` (FormDocumentType) and names their parts
 * (FormGraphQL: id zid version document_type name description; submissions
 * with settings_form_submission_values, each with its settings_form_field
 * `{id name field_type position}`); the sandbox answers in those names, one
 * entry per form with the latest submission for the bundle (ours).
 */

// The sandbox writes its forms' fields as JSON in a column; read back, they are parsed, not believed.
const storedFormFields = z.array(z.object({ id: z.number(), name: z.string(), field_type: z.string(), value: z.string().nullable() }))
export type StoredFormField = z.infer<typeof storedFormFields>[number]

interface BundleFormRow {
  id: number
  form_id: number
  form_zid: number
  name: string
  description: string | null
  version: number
  submission_zid: number
  reference: string | null
  created_at: string
  fields_json: string
}

export function bundleFormsOf(statements: StatementCache, bundleId: number) {
  const rows = statements.get<[number], BundleFormRow>('SELECT * FROM bundle_forms WHERE bundle_id = ? ORDER BY id').all(bundleId)
  return rows.map(formJson)
}

function formJson(row: BundleFormRow) {
  const fields = storedFormFields.parse(JSON.parse(row.fields_json))
  return {
    id: String(row.form_id),
    zid: String(row.form_zid),
    version: row.version,
    document_type: 'bundle',
    name: row.name,
    description: row.description,
    form_submission: {
      id: String(row.id),
      zid: String(row.submission_zid),
      reference: row.reference,
      version: row.version,
      created_at: toDetailTimestamp(row.created_at),
      settings_form_submission_values: fields.map((f, index) => ({
        form_field_id: String(f.id),
        value: f.value,
        settings_form_field: { id: String(f.id), name: f.name, field_type: f.field_type, position: index + 1 },
      })),
    },
  }
}

export type BundleFormJson = ReturnType<typeof formJson>
