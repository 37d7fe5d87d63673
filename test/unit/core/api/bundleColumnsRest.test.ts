import { describe, expect, it } from 'vitest'
import { plainRowColumns, restOnlyBundleColumns, restRowColumns } from '@core/api/bundleColumnsRest'
import { id } from '@core/api/normalise'

// An entry of GET /inventories/bundles.json as the sandbox (and the interface) shows it.
const entry = {
  id: 3000001,
  zid: 1,
  active: true,
  code: 'PAQ-00001',
  ean13: '7409100000010',
  name: 'Kit de instalación eléctrica',
  extra_description: null,
  entity_id: 101,
  updater_id: 5002,
  created_at: '2023-08-01T16:52:49.367Z',
  pays_vat: true,
  quotable: false,
  ecommerce: false,
  sellable: true,
  purchasable: false,
  category_bundle: false,
  item_country_code_id: 90,
  weight: 19.4,
  volume: null,
  measurement_unit: 'juego',
  color: '#1E88E5',
  image: { url: null },
  youtube_video_url: null,
  tags: ['oferta'],
}

const bySchema = (raw: unknown) => {
  const row = restOnlyBundleColumns.extend({ id }).safeParse(raw)
  if (!row.success) return null
  const { id: bundleId, ...columns } = row.data
  return { id: bundleId, columns }
}

describe('the REST columns of one listed bundle', () => {
  it('in the usual shape are taken without the schema, and are what the schema would give', () => {
    const plain = plainRowColumns(entry)
    expect(plain).not.toBeNull()
    expect(plain).toEqual(bySchema(entry))
    expect(restRowColumns(entry)).toEqual(bySchema(entry))
  })

  it.each([
    ['an id as text', { id: '3000001' }],
    ['a weight as text', { weight: '19.40' }],
    ['a flag as text', { sellable: 't' }],
    ['a null flag', { quotable: null }],
    ['a missing column', { color: undefined }],
    ['a time without a zone', { created_at: '2023-08-01 16:52:49' }],
    ['a code given as a number', { ean13: 7409100000010 }],
  ])('with %s go through the schema and come out normalised as it gives them', (_, change) => {
    const odd = { ...entry, ...change }
    expect(plainRowColumns(odd)).toBeNull()
    const expected = bySchema(odd)
    expect(expected).not.toBeNull()
    expect(restRowColumns(odd)).toEqual(expected)
  })

  it('that the schema refuses are skipped', () => {
    expect(restRowColumns({ ...entry, created_at: 'yesterday' })).toBeNull()
    expect(restRowColumns({ ...entry, id: null })).toBeNull()
    expect(restRowColumns([entry])).toBeNull()
  })
})
