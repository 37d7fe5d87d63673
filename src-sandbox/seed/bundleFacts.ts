import { bundleTemplates } from './bundleData'
import { bundleIdBase } from './bundleIds'
import { catalogueTemplates } from './catalogueData'
import { makeEan13 } from './ean13'
import { itemIdBase } from './seedCatalogue'
import { entitySeeds } from './organisationData'
import { bundleCountFor, type SandboxScale } from './seedParams'

/**
 * Facts about the seeded bundles that client tests and demos may rely on, at
 * every seed and scale (they come from the fixed showcase bundles, not from
 * the random ones). `test/unit/sandbox/bundleFacts.test.ts` checks them
 * against a seeded store.
 */
export interface EntityBundleFacts {
  entityId: number
  /** A static bundle with components, tags and past movements: DELETE answers 422. */
  withMovements: { id: number; code: string; ean13: string; tags: readonly string[] }
  /** A dynamic bundle (category_bundle) and its item category. */
  dynamic: {
    id: number
    code: string
    itemCategoryId: number
    itemCategoryName: string
    /**
     * An item of that category withdrawn from sale (inactive) with stock at `agencyWithStock`
     * (seedWithdrawnChoice.ts): the id at every seed and scale, the code and name at seed 1.
     */
    withdrawnChoice: { id: number; code: string; name: string }
  }
  /** A static bundle with components and no movements: DELETE answers 204. */
  deletable: { id: number; code: string }
  /** An agency of this entity with stock in the dynamic bundle's category (the demo user's own). */
  agencyWithStock: number
  /** An agency of the other entity: get_dynamic_items_with_stock refuses it. */
  foreignAgency: number
  /** Every tag of the entity, in seed order. */
  tags: readonly string[]
  /** Bundle codes are `<codePrefix>-<zid, five digits or more>`. */
  codePrefix: string
  bundleCount: Readonly<Record<SandboxScale, number>>
}

/** Item categories get ids from 401 in the catalogue's order, both entities in turn (see seedCatalogue). */
function itemCategoryId(entityId: number, name: string): number {
  let id = 401
  for (const template of catalogueTemplates) {
    for (const category of template.categories) {
      if (template.entityId === entityId && category.name === name) return id
      id++
    }
  }
  throw new Error(`no item category "${name}" in entity ${entityId}`)
}

/** The withdrawn choice of each entity's dynamic bundle, by zid, with its code and name at seed 1. */
const withdrawnChoices: Readonly<Record<number, { zid: number; code: string; name: string }>> = {
  101: { zid: 242, code: 'TOR-00242', name: 'Tornillo para tablayeso zincado 3/4" Maya Pro' },
  102: { zid: 54, code: 'BEB-00054', name: 'Agua pura sabor uva 2.5 L Altiplano' },
}

const demoAgencies: Readonly<Record<number, { own: number; foreign: number }>> = {
  101: { own: 302, foreign: 306 },
  102: { own: 306, foreign: 302 },
}

function factsFor(entityId: number): EntityBundleFacts {
  const entityIndex = entitySeeds.findIndex((e) => e.id === entityId)
  const template = bundleTemplates.find((t) => t.entityId === entityId)
  if (entityIndex < 0 || !template) throw new Error(`no bundle seed for entity ${entityId}`)
  const [first, second, third] = template.showcase
  if (!first || !second || !third) throw new Error(`entity ${entityId} needs three showcase bundles`)
  const base = bundleIdBase(entityIndex)
  const { zid, ...withdrawn } = withdrawnChoices[entityId]!
  return {
    entityId,
    withMovements: { id: base, code: first.code, ean13: makeEan13(template.gs1Prefix, template.companyNumber, 1), tags: first.tags },
    dynamic: {
      id: base + 1,
      code: second.code,
      itemCategoryId: itemCategoryId(entityId, second.category),
      itemCategoryName: second.category,
      withdrawnChoice: { id: itemIdBase(entityIndex) + zid - 1, ...withdrawn },
    },
    deletable: { id: base + 2, code: third.code },
    agencyWithStock: demoAgencies[entityId]!.own,
    foreignAgency: demoAgencies[entityId]!.foreign,
    tags: template.tags,
    codePrefix: template.codePrefix,
    bundleCount: {
      small: bundleCountFor('small', entityIndex),
      large: bundleCountFor('large', entityIndex),
      million: bundleCountFor('million', entityIndex),
    },
  }
}

/** By entity: 101 (Ferretería, the demo user's current entity) and 102 (Distribuidora). */
export const bundleFacts: Readonly<Record<101 | 102, EntityBundleFacts>> = Object.freeze({ 101: factsFor(101), 102: factsFor(102) })
