import { z } from 'zod'
import { bundleDetail, bundleInput, catalogueQuery, catalogueRow, catalogueStatus, dynamicItem, fileData, itemRow } from '../catalogue'
import { importOutcome, importPreview } from '../bundleImport'
import { bundleMedia, imageFile, imageSlot } from '../bundleImages'
import { none, entry } from './entry'
import { recordId } from '../patternSchemas'

/** The catalogue: the cached snapshot, bundles, their images and forms. Assembled in src-shared/contract.ts. */
export const catalogueRequests = {
  'catalogue.status': entry(none, catalogueStatus),
  /** Pulls what changed into the cache (`full`: everything again, as once a day); progress comes as events. */
  'catalogue.pull': entry(z.object({ full: z.boolean().default(false) }).optional(), catalogueStatus),
  'catalogue.search': entry(catalogueQuery, z.object({ total: z.number().int(), truncated: z.boolean(), rows: z.array(catalogueRow) })),
  'catalogue.tags': entry(none, z.array(z.object({ tag: z.string(), count: z.number().int() }))),
  'catalogue.export': entry(catalogueQuery.omit({ offset: true, limit: true }).extend({ format: z.enum(['xlsx', 'csv']) }), fileData),
  'items.search': entry(z.object({ query: z.string().max(200), limit: z.number().int().min(1).max(200).default(20) }), z.array(itemRow)),
  'itemCategories.list': entry(none, z.array(z.object({ id: z.number().int(), name: z.string() }))),
  'bundles.get': entry(z.object({ id: recordId, online: z.boolean().default(false) }), bundleDetail),
  'bundles.create': entry(bundleInput, bundleDetail),
  'bundles.update': entry(z.object({ id: recordId, changes: bundleInput.partial() }), bundleDetail),
  'bundles.delete': entry(z.object({ id: recordId }), z.object({ deleted: z.literal(true) })),
  'bundles.dynamicItems': entry(z.object({ bundleId: recordId, agencyId: recordId.optional() }), z.array(dynamicItem)),
  'bundles.importPreview': entry(fileData, importPreview),
  'bundles.import': entry(fileData, importOutcome),
  /** Online only: the bundle's five image slots and its associated forms, read from the service now. */
  'bundles.media': entry(z.object({ bundleId: recordId }), bundleMedia),
  /** Online only: sets or replaces image `slot` (1 = the main image). The renderer hands the bytes, never a path. */
  'bundles.setImage': entry(z.object({ bundleId: recordId, slot: imageSlot, file: imageFile }), bundleMedia),
  'bundles.removeImage': entry(z.object({ bundleId: recordId, slot: imageSlot }), bundleMedia),
} as const
