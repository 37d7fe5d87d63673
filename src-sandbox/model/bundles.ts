import type { StatementCache } from '../store/statementCache'

/** A bundles row as stored: booleans 0/1, images as URLs, timestamps in stored form. */
export interface BundleRow {
  id: number
  entity_id: number
  zid: number
  active: number
  code: string
  ean13: string | null
  name: string
  description: string | null
  extra_description: string | null
  updater_id: number | null
  created_at: string
  updated_at: string
  bundle_details_count: number
  pays_vat: number
  quotable: number
  ecommerce: number
  sellable: number
  purchasable: number
  force_as_service_for_document_external_storage_service: number
  category_bundle: number
  item_category_id: number | null
  item_country_code_id: number | null
  weight: number | null
  volume: number | null
  measurement_unit: string | null
  color: string
  image_url: string | null
  image2_url: string | null
  image3_url: string | null
  image4_url: string | null
  image5_url: string | null
  youtube_video_url: string | null
  nomic_q4f16_embedding: string | null
}

export function findBundle(statements: StatementCache, entityId: number, id: number): BundleRow | undefined {
  return statements.get<[number, number], BundleRow>('SELECT * FROM bundles WHERE id = ? AND entity_id = ?').get(id, entityId)
}

export function bundleHasMovements(statements: StatementCache, bundleId: number): boolean {
  return statements.get('SELECT 1 FROM movements WHERE bundle_id = ? LIMIT 1').get(bundleId) !== undefined
}
