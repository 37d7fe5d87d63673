import type { Sqlite } from '@base/sqlite'
import { createPrng, type Prng } from '../prng'
import { catalogueTemplates, type CatalogueTemplate, type CategoryTemplate } from './catalogueData'
import { makeEan13 } from './ean13'
import { IdSequence } from './idSequence'
import { itemCountFor, type SeedParams } from './seedParams'

export interface SeededItem {
  id: number
  entityId: number
  perishable: boolean
  fractional: boolean
}

/** Each entity's items live in their own id range, so growing one entity leaves the other's ids alone. */
export function itemIdBase(entityIndex: number): number {
  return 1_000_000 * (entityIndex + 1) + 1
}

function price(prng: Prng, [min, max]: readonly [number, number]): string {
  return (prng.int(Math.round(min * 100), Math.round(max * 100)) / 100).toFixed(2)
}

function itemName(prng: Prng, category: CategoryTemplate, brands: readonly string[]): string {
  return `${prng.pick(category.products)} ${prng.pick(category.variants)} ${prng.pick(category.sizes)} ${prng.pick(brands)}`
}

function seedEntityCatalogue(
  db: Sqlite,
  template: CatalogueTemplate,
  entityIndex: number,
  params: SeedParams,
  categoryIds: IdSequence,
): SeededItem[] {
  // One stream per entity: the large scale changes the first entity only.
  const prng = createPrng(params.seed, `catalogue:${template.entityId}`)
  const insertCategory = db.prepare('INSERT INTO item_categories (id, entity_id, name) VALUES (?, ?, ?)')
  const categories = template.categories.map((category) => {
    const id = categoryIds.next()
    insertCategory.run(id, template.entityId, category.name)
    return { id, category }
  })

  const insertItem = db.prepare(
    `INSERT INTO items (id, entity_id, zid, code, name, ean13, description, item_category_id, measurement_unit, active, price, perishable)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const items: SeededItem[] = []
  const ids = new IdSequence(itemIdBase(entityIndex))
  const count = itemCountFor(params.scale, entityIndex)
  for (let zid = 1; zid <= count; zid++) {
    const { id: categoryId, category } = prng.pick(categories)
    const name = itemName(prng, category, template.brands)
    const ean13 = prng.chance(0.94) ? makeEan13(template.gs1Prefix, template.companyNumber, zid) : null
    const description = prng.chance(0.6) ? `${name}. Línea ${category.name.toLowerCase()}.` : null
    const unit = prng.pick(category.units)
    const active = prng.chance(0.97) ? 1 : 0
    const id = ids.next()
    insertItem.run(
      id,
      template.entityId,
      zid,
      `${category.prefix}-${String(zid).padStart(5, '0')}`,
      name,
      ean13,
      description,
      categoryId,
      unit,
      active,
      price(prng, category.price),
      category.perishable ? 1 : 0,
    )
    items.push({ id, entityId: template.entityId, perishable: category.perishable, fractional: category.fractional })
  }
  return items
}

/** Item categories and items of every entity. */
export function seedCatalogue(db: Sqlite, params: SeedParams): SeededItem[] {
  const categoryIds = new IdSequence(401)
  return catalogueTemplates.flatMap((template, index) => seedEntityCatalogue(db, template, index, params, categoryIds))
}
