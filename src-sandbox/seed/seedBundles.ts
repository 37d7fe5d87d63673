import type { Sqlite } from '@base/sqlite'
import { createPrng, type Prng } from '../prng'
import { toStoredTimestamp } from '../timestamps'
import { bundleColors, bundleTemplates, type BundleTemplate, type ShowcaseBundle } from './bundleData'
import { bundleDetailIdBase, bundleIdBase, bundleTaggingIdBase, tagIdBase } from './bundleIds'
import { BatchInsert } from './batchInsert'
import { makeEan13 } from './ean13'
import { IdSequence } from './idSequence'
import { entitySeeds } from './organisationData'
import { bundleCountFor, type SeedParams } from './seedParams'

interface CatalogueItem {
  id: number
  fractional: boolean
}

interface Category {
  id: number
  name: string
  items: CatalogueItem[]
}

/** Items sold by measure get half units in a bundle ("2.5" metres); the rest whole ones. */
const fractionalUnits = new Set(['metro', 'libra', 'kilogramo', 'litro', 'rollo'])

/** The order of the positional parameters of insertBundle. */
const bundleColumns = [
  'id',
  'entity_id',
  'zid',
  'active',
  'code',
  'ean13',
  'name',
  'description',
  'extra_description',
  'updater_id',
  'created_at',
  'updated_at',
  'bundle_details_count',
  'pays_vat',
  'quotable',
  'ecommerce',
  'sellable',
  'purchasable',
  'force_as_service_for_document_external_storage_service',
  'category_bundle',
  'item_category_id',
  'item_country_code_id',
  'weight',
  'volume',
  'measurement_unit',
  'color',
  'image_url',
  'image2_url',
  'image3_url',
  'image4_url',
  'image5_url',
  'youtube_video_url',
  'nomic_q4f16_embedding',
] as const

type BundleValues = Record<(typeof bundleColumns)[number], string | number | null>

// Absolute dates, not "today": the seed must give the same bytes on any day.
const firstCreated = Date.UTC(2023, 0, 1)
const createdSpanSeconds = 900 * 86_400

function timestamps(prng: Prng): { created_at: string; updated_at: string } {
  const created = firstCreated + prng.int(0, createdSpanSeconds) * 1000 + prng.int(0, 999)
  const updated = created + prng.int(0, 200 * 86_400) * 1000 + prng.int(0, 999)
  return {
    created_at: toStoredTimestamp(new Date(created), prng.int(0, 999)),
    updated_at: toStoredTimestamp(new Date(updated), prng.int(0, 999)),
  }
}

function quantity(prng: Prng, item: CatalogueItem): string {
  if (item.fractional) {
    const halves = prng.int(1, 12)
    return halves % 2 === 0 ? `${halves / 2}.0` : `${(halves / 2).toFixed(1)}`
  }
  return `${prng.chance(0.9) ? prng.int(1, 6) : prng.pick([10, 12, 24])}.0`
}

/** A stand-in for a model's vector: short, but serialised the way the service stores one. */
function embedding(prng: Prng): string {
  return `[${Array.from({ length: 8 }, () => (prng.next() * 2 - 1).toFixed(4)).join(',')}]`
}

function youtubeId(prng: Prng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  return Array.from({ length: 11 }, () => alphabet[prng.int(0, alphabet.length - 1)]).join('')
}

function readCategories(db: Sqlite, entityId: number): Category[] {
  const categories = db
    .prepare<[number], { id: number; name: string }>('SELECT id, name FROM item_categories WHERE entity_id = ? ORDER BY id')
    .all(entityId)
  const byId = new Map(categories.map((c) => [c.id, { ...c, items: [] as CatalogueItem[] }]))
  const items = db
    .prepare<[number], [number, number, string | null]>(
      'SELECT id, item_category_id, measurement_unit FROM items WHERE entity_id = ? AND active = 1 ORDER BY id',
    )
    .raw()
    .all(entityId)
  for (const [id, categoryId, unit] of items)
    byId.get(categoryId)?.items.push({ id, fractional: unit !== null && fractionalUnits.has(unit) })
  return [...byId.values()].filter((c) => c.items.length > 0)
}

class EntityBundleSeeder {
  private readonly prng: Prng
  private readonly bundleIds: IdSequence
  private readonly detailIds: IdSequence
  private readonly taggingIds: IdSequence
  private readonly tagIds = new Map<string, number>()
  private readonly categories: Category[]
  private readonly allItems: CatalogueItem[]
  private readonly bundles: BatchInsert
  private readonly details: BatchInsert
  private readonly taggings: BatchInsert

  constructor(
    private readonly db: Sqlite,
    private readonly template: BundleTemplate,
    entityIndex: number,
    params: SeedParams,
    tagSequence: IdSequence,
  ) {
    // One stream per entity: the large scale changes the first entity only.
    this.prng = createPrng(params.seed, `bundles:${template.entityId}`)
    this.bundleIds = new IdSequence(bundleIdBase(entityIndex))
    this.detailIds = new IdSequence(bundleDetailIdBase(entityIndex))
    this.taggingIds = new IdSequence(bundleTaggingIdBase(entityIndex))
    this.categories = readCategories(db, template.entityId)
    this.allItems = this.categories.flatMap((c) => c.items)
    // 33 columns × 30 rows stays under SQLite's 32,766 parameters with room to spare.
    this.bundles = new BatchInsert(db, 'bundles', bundleColumns, 30)
    this.details = new BatchInsert(db, 'bundle_details', ['id', 'entity_id', 'bundle_id', 'item_id', 'quantity'])
    this.taggings = new BatchInsert(db, 'bundle_taggings', ['id', 'bundle_id', 'tag_id'])
    const insertTag = db.prepare('INSERT INTO tags (id, entity_id, name) VALUES (?, ?, ?)')
    for (const name of template.tags) {
      const id = tagSequence.next()
      insertTag.run(id, template.entityId, name)
      this.tagIds.set(name, id)
    }
  }

  seed(count: number): void {
    this.template.showcase.forEach((showcase, index) => this.seedShowcase(showcase, index + 1))
    for (let zid = this.template.showcase.length + 1; zid <= count; zid++) this.seedGenerated(zid)
    // Parents first: the caller's later seeders read these tables.
    this.bundles.flush()
    this.details.flush()
    this.taggings.flush()
  }

  private category(name: string): Category {
    const found = this.categories.find((c) => c.name === name)
    if (!found) throw new Error(`bundle seed: entity ${this.template.entityId} has no category "${name}" with items`)
    return found
  }

  private seedShowcase(showcase: ShowcaseBundle, zid: number): void {
    const category = this.category(showcase.category)
    const components = showcase.quantities.map((q, i) => {
      const item = category.items[i]
      if (!item) throw new Error(`bundle seed: category "${showcase.category}" has too few items for ${showcase.code}`)
      return { itemId: item.id, quantity: q }
    })
    const values = this.baseValues(zid, showcase.name, components.length, showcase.dynamic ? category.id : null)
    values.code = showcase.code
    values.description = showcase.description
    values.active = 1
    values.sellable = 1
    values.ean13 = this.ean13(zid)
    values.color = bundleColors[zid] ?? '#FFFFFF'
    this.write(values, components, showcase.tags)
  }

  private seedGenerated(zid: number): void {
    const prng = this.prng
    const category = prng.pick(this.categories)
    const dynamic = prng.chance(0.12)
    const components: { itemId: number; quantity: string }[] = []
    if (!dynamic) {
      const wanted = prng.pick([1, 2, 2, 3, 3, 3, 4, 4, 5])
      const used = new Set<number>()
      for (let attempt = 0; components.length < wanted && attempt < wanted * 3; attempt++) {
        // Mostly one line of goods, now and then something from elsewhere in the catalogue.
        const item = prng.chance(0.8) ? prng.pick(category.items) : prng.pick(this.allItems)
        if (used.has(item.id)) continue
        used.add(item.id)
        components.push({ itemId: item.id, quantity: quantity(prng, item) })
      }
    }
    const name = `${prng.pick(this.template.kinds)} ${category.name.toLowerCase()} ${prng.pick(this.template.qualifiers)}`
    const values = this.baseValues(zid, name, components.length, dynamic ? category.id : null)
    if (prng.chance(0.6)) {
      values.description = dynamic
        ? `Productos a elección de la categoría ${category.name.toLowerCase()}.`
        : `Incluye ${components.length} ${components.length === 1 ? 'producto' : 'productos'} de la línea ${category.name.toLowerCase()}.`
    }
    const tagCount = prng.pick([0, 0, 0, 1, 1, 1, 1, 2, 2, 3])
    const tags = new Set<string>()
    for (let i = 0; i < tagCount; i++) tags.add(prng.pick(this.template.tags))
    this.write(values, components, [...tags])
  }

  private ean13(zid: number): string {
    return makeEan13(this.template.gs1Prefix, this.template.companyNumber, zid)
  }

  /** Every column with a generated value; callers override what they fix. */
  private baseValues(zid: number, name: string, detailsCount: number, dynamicCategoryId: number | null): BundleValues {
    const prng = this.prng
    const id = this.bundleIds.next()
    const { created_at, updated_at } = timestamps(prng)
    const hasImage = prng.chance(0.12)
    return {
      id,
      entity_id: this.template.entityId,
      zid,
      active: prng.chance(0.95) ? 1 : 0,
      code: `${this.template.codePrefix}-${String(zid).padStart(5, '0')}`,
      ean13: prng.chance(0.9) ? this.ean13(zid) : null,
      name,
      description: null,
      extra_description: prng.chance(0.2) ? 'Precio especial para clientes frecuentes.' : null,
      updater_id: prng.pick(this.template.updaters),
      created_at,
      updated_at,
      bundle_details_count: detailsCount,
      pays_vat: prng.chance(0.9) ? 1 : 0,
      quotable: prng.chance(0.7) ? 1 : 0,
      ecommerce: prng.chance(0.3) ? 1 : 0,
      sellable: prng.chance(0.95) ? 1 : 0,
      purchasable: prng.chance(0.1) ? 1 : 0,
      force_as_service_for_document_external_storage_service: prng.chance(0.02) ? 1 : 0,
      category_bundle: dynamicCategoryId === null ? 0 : 1,
      item_category_id: dynamicCategoryId,
      item_country_code_id: prng.chance(0.15) ? 90 : null,
      weight: prng.chance(0.5) ? prng.int(1, 250) / 10 : null,
      volume: prng.chance(0.4) ? prng.int(1, 500) / 1000 : null,
      measurement_unit: prng.chance(0.9) ? prng.pick(this.template.units) : null,
      color: prng.pick(bundleColors),
      // A reserved .test host never resolves: the client must show its placeholder when an image fails to load.
      image_url: hasImage ? `https://static.mostrador.test/uploads/bundle/image/${id}/paquete.jpg` : null,
      image2_url: hasImage && prng.chance(0.3) ? `https://static.mostrador.test/uploads/bundle/image2/${id}/detalle.jpg` : null,
      image3_url: null,
      image4_url: null,
      image5_url: null,
      youtube_video_url: prng.chance(0.03) ? `https://www.youtube.com/watch?v=${youtubeId(prng)}` : null,
      nomic_q4f16_embedding: prng.chance(0.1) ? embedding(prng) : null,
    }
  }

  private write(values: BundleValues, components: readonly { itemId: number; quantity: string }[], tags: readonly string[]): void {
    this.bundles.add(bundleColumns.map((c) => values[c]))
    for (const c of components) this.details.add([this.detailIds.next(), this.template.entityId, values.id, c.itemId, c.quantity])
    for (const tag of tags) this.taggings.add([this.taggingIds.next(), values.id, this.tagIds.get(tag)!])
  }
}

/** Tags, bundles (static and dynamic) and their components, for every entity. */
export function seedBundles(db: Sqlite, params: SeedParams): void {
  const tagSequence = new IdSequence(tagIdBase)
  entitySeeds.forEach((entity, entityIndex) => {
    const template = bundleTemplates.find((t) => t.entityId === entity.id)
    if (!template) return
    new EntityBundleSeeder(db, template, entityIndex, params, tagSequence).seed(bundleCountFor(params.scale, entityIndex))
  })
}
