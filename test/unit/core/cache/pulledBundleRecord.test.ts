import { describe, expect, it } from 'vitest'
import { unknownRestColumns } from '@core/api/bundleColumnsRest'
import type { PulledBundle } from '@core/api/catalogueGraphql'
import { bundleRecordJson, pulledBundleRecordJson } from '@core/cache/catalogueRowWrites'

const graphql = {
  id: 7,
  code: 'KIT-7',
  name: 'Caja "grande" \u00f1\n',
  description: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  item_category_id: 3,
  active: true,
  bundle_details_count: 2,
  force_as_service_for_document_external_storage_service: false,
  bundle_details: [
    { id: 70, item_id: 1, quantity: '2' },
    { id: 71, item_id: 2, quantity: '0.5' },
  ],
  tags: ['feria', 'caja'],
}
const listed = {
  ...unknownRestColumns,
  zid: 12,
  ean13: '7401234567890',
  pays_vat: true,
  weight: 1.5,
  created_at: '2024-01-02T03:04:05.000Z',
}

describe("a pulled bundle's record", () => {
  it('holds what the bundle as a whole would, images unknown and components aside, with and without the REST columns', () => {
    for (const b of [
      Object.assign({}, unknownRestColumns, graphql),
      Object.assign({}, unknownRestColumns, graphql, listed),
    ] as PulledBundle[]) {
      const record = JSON.parse(pulledBundleRecordJson(b)) as Record<string, unknown>
      expect(record).toEqual(JSON.parse(bundleRecordJson(b)))
      expect(record).toMatchObject({ image: null, image5: null, name: graphql.name, tags: ['feria', 'caja'] })
      expect(record).not.toHaveProperty('bundle_details')
    }
  })
})
