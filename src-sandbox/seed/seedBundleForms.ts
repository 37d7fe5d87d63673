import type { Sqlite } from '@base/sqlite'
import type { StoredFormField } from '../model/bundleForms'

const stamp = '2024-10-02 16:45:00.000000'

/** Two forms of document type "bundle" the demo company fills for some bundles. */
const technicalSheet = {
  form_id: 9101,
  form_zid: 1,
  name: 'Ficha técnica',
  description: 'Datos del paquete para la tienda en línea',
  fields: (n: number): StoredFormField[] => [
    { id: 91011, name: 'Material', field_type: 'text', value: ['Pino tratado', 'Acero galvanizado', 'PVC'][n % 3] ?? null },
    { id: 91012, name: 'Garantía (meses)', field_type: 'number', value: String(6 * (n + 1)) },
    { id: 91013, name: 'Apto para exteriores', field_type: 'yes_no', value: n % 2 === 0 ? 'true' : 'false' },
  ],
}
const qualityCheck = {
  form_id: 9102,
  form_zid: 2,
  name: 'Control de calidad',
  description: null,
  fields: (n: number): StoredFormField[] => [
    { id: 91021, name: 'Revisado por', field_type: 'text', value: ['Ana López', 'Carlos Pérez'][n % 2] ?? null },
    { id: 91022, name: 'Fecha de revisión', field_type: 'date', value: `2024-10-0${n + 1}` },
    { id: 91023, name: 'Observaciones', field_type: 'multi_line_text', value: n === 0 ? 'Empaque reforzado para envío.' : null },
  ],
}

/** The first static bundles of the demo company carry forms; the rest have none (an empty list). */
export function seedBundleForms(db: Sqlite): void {
  const bundleIds = db
    .prepare<[], number>('SELECT id FROM bundles WHERE entity_id = 101 AND category_bundle = 0 ORDER BY id LIMIT 3')
    .pluck()
    .all()
  const insert = db.prepare(
    `INSERT INTO bundle_forms (bundle_id, form_id, form_zid, name, description, version, submission_zid, reference, created_at, fields_json)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
  )
  let submission = 0
  bundleIds.forEach((bundleId, n) => {
    const forms = n === 0 ? [technicalSheet, qualityCheck] : n === 1 ? [technicalSheet] : [qualityCheck]
    for (const form of forms) {
      submission += 1
      insert.run(
        bundleId,
        form.form_id,
        form.form_zid,
        form.name,
        form.description,
        submission,
        `FORM-${submission}`,
        stamp,
        JSON.stringify(form.fields(n)),
      )
    }
  })
}
