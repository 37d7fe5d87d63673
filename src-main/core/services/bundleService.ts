import type { ImportOutcome, ImportPreview } from '@shared/bundleImport'
import type { BundleDetail, BundleInput, CatalogueQuery, FileData } from '@shared/catalogue'
import { importProblemLine } from '@shared/importProblemText'
import { AppError } from '@shared/errors'
import { fileStamp } from '@shared/localDate'
import {
  createBundle,
  deleteBundle,
  fetchBundle,
  fetchBundles,
  fetchDynamicItems,
  updateBundle,
  type ServiceBundleDetail,
} from '../api/bundlesApi'
import { mayHaveBeenDone } from '../api/serviceError'
import { parseBundleFile, writeBundleFile } from './bundleFiles'
import { planImport, type ImportPlan } from './bundleImportPlan'
import { sendImport } from './bundleImportSend'
import type { CatalogueService } from './catalogueService'
import type { ProfileService } from './profileService'
import type { SessionService } from './sessionService'

/**
 * Bundle edits are back-office work and go straight to the service; on success
 * the cache is written through so the counter's list shows them at once.
 */
export class BundleService {
  constructor(
    private readonly session: SessionService,
    private readonly profile: ProfileService,
    private readonly catalogue: CatalogueService,
    private readonly now: () => Date,
  ) {}

  /**
   * A code is unique in the entity, so a bundle with this code found after a
   * lost or odd answer is the one just created: it is shown, not created twice.
   */
  async create(input: BundleInput): Promise<BundleDetail> {
    const rest = this.session.require().rest
    let created: ServiceBundleDetail | null
    try {
      created = await createBundle(rest, input)
    } catch (err) {
      const found = mayHaveBeenDone(err) ? await this.byCode(input.code).catch(() => null) : null
      if (!found) throw err
      return this.remember(found)
    }
    created ??= await this.byCode(input.code)
    if (!created) throw new AppError('unknown_outcome', { detail: 'the service accepted the bundle, but it could not be read back' })
    return this.remember(created)
  }

  private async byCode(code: string): Promise<ServiceBundleDetail | null> {
    const rest = this.session.require().rest
    const match = (await fetchBundles(rest)).find((b) => b.code === code)
    return match ? fetchBundle(rest, match.id) : null
  }

  async update(id: number, changes: Partial<BundleInput>): Promise<BundleDetail> {
    const updated = await updateBundle(this.session.require().rest, id, changes)
    return this.remember(updated)
  }

  async delete(id: number): Promise<{ deleted: true }> {
    await deleteBundle(this.session.require().rest, id)
    this.catalogue.store().removeBundle(id)
    return { deleted: true }
  }

  async dynamicItems(bundleId: number, agencyId?: number) {
    const agency = agencyId ?? this.profile.lastKnown()?.agency?.id
    if (!agency) throw new AppError('bad_input', { field: 'agencyId', detail: 'no agency given and the user has none' })
    return fetchDynamicItems(this.session.require().rest, agency, bundleId)
  }

  async exportList(query: CatalogueQuery & { format: 'xlsx' | 'csv' }): Promise<FileData> {
    const { day, time } = fileStamp(this.now(), this.profile.lastKnown()?.profile.timeZone)
    return writeBundleFile(this.catalogue.store().exportRows(query), query.format, `paquetes-${day}${time.slice(0, 4)}`)
  }

  async importPreview(file: FileData): Promise<ImportPreview> {
    return (await this.importPlan(file)).preview
  }

  private async importPlan(file: FileData): Promise<ImportPlan> {
    // A server without tags gives the cache none: the tags column cannot be compared there.
    const tagsKnown = this.catalogue.status().capabilities?.tags ?? true
    return planImport(await parseBundleFile(file), this.catalogue.store(), tagsKnown)
  }

  /** Sends the file only when every row passed the preview (bundleImportSend.ts says what all or nothing means here). */
  async import(file: FileData): Promise<ImportOutcome> {
    const plan = await this.importPlan(file)
    if (plan.preview.invalid > 0) {
      const messages = plan.preview.rows
        .filter((r) => r.problems.length)
        .map((r) => `row ${r.row}: ${r.problems.map((p) => importProblemLine(p, 'en')).join('; ')}`)
      throw new AppError('validation', { fields: { file: messages }, detail: messages[0] })
    }
    const tagsKnown = this.catalogue.status().capabilities?.tags ?? true
    const outcome = await sendImport(this.session.require().rest, this.catalogue.store(), plan, tagsKnown)
    // The service numbers the new bundles; a pull brings them with their ids. Awaited: the dialog previews
    // the same file as soon as this answers, and a code taken on the service must read as an update by then.
    if (outcome.created > 0 || outcome.stopped?.code === null) await this.catalogue.pull().catch(() => undefined)
    return outcome
  }

  private remember(b: ServiceBundleDetail): BundleDetail {
    const store = this.catalogue.store()
    store.upsertBundle(b)
    return { ...(store.bundle(b.id) as BundleDetail), source: 'service' }
  }
}
