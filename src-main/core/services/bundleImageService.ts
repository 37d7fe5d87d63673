import { imageFileProblem, imageProblemText, sniffImageType, type BundleMedia, type ImageFile, type ImageSlot } from '@shared/bundleImages'
import { AppError } from '@shared/errors'
import { imagesOf, mediaOf, removeBundleImage, setBundleImage } from '../api/bundleMediaApi'
import { fetchBundle, type ServiceBundleDetail } from '../api/bundlesApi'
import { mayHaveBeenDone } from '../api/serviceError'
import type { CatalogueService } from './catalogueService'
import type { SessionService } from './sessionService'

/** CarrierWave's sanitising of a file name, to recognise our own upload in a re-read bundle. */
const sanitized = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/[^A-Za-z0-9._-]/g, '_')

function lastSegment(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '')
  } catch {
    return url.split('/').pop() ?? ''
  }
}

/**
 * A bundle's images and forms: back-office work that goes straight to the
 * service (there is no offline queue for files: a clerk sees at once whether
 * the picture arrived). Setting a slot replaces what it held, so sending the
 * same file twice cannot make two images; still, a lost or odd answer is
 * settled by reading the bundle, never by guessing.
 */
export class BundleImageService {
  constructor(
    private readonly session: SessionService,
    private readonly catalogue: CatalogueService,
  ) {}

  async media(bundleId: number): Promise<BundleMedia> {
    const detail = await fetchBundle(this.session.require().rest, bundleId)
    this.remember(detail)
    return mediaOf(detail)
  }

  async setImage(bundleId: number, slot: ImageSlot, file: ImageFile): Promise<BundleMedia> {
    const bytes = Buffer.from(file.base64, 'base64')
    const problem = imageFileProblem(bytes.length, bytes.subarray(0, 16))
    if (problem)
      throw new AppError('bad_input', { field: 'file', detail: `${imageProblemText[problem].es} / ${imageProblemText[problem].en}` })
    // The declared type may be wrong (a renamed file); the bytes decide what is sent.
    const type = sniffImageType(bytes) as string
    const rest = this.session.require().rest
    let answer: ServiceBundleDetail | null
    try {
      answer = await setBundleImage(rest, bundleId, slot, { name: file.name, type, bytes })
    } catch (err) {
      if (!mayHaveBeenDone(err)) throw err
      // The answer was lost: a slot now holding a file of this name is our upload.
      const now = await fetchBundle(rest, bundleId).catch(() => null)
      const url = now ? imagesOf(now)[slot - 1]?.url : null
      if (!now || !url || lastSegment(url) !== sanitized(file.name)) throw err
      answer = now
    }
    answer ??= await fetchBundle(rest, bundleId)
    this.remember(answer)
    return mediaOf(answer)
  }

  async removeImage(bundleId: number, slot: ImageSlot): Promise<BundleMedia> {
    const rest = this.session.require().rest
    let answer: ServiceBundleDetail | null
    try {
      answer = await removeBundleImage(rest, bundleId, slot)
    } catch (err) {
      if (!mayHaveBeenDone(err)) throw err
      const now = await fetchBundle(rest, bundleId).catch(() => null)
      if (!now || imagesOf(now)[slot - 1]?.url) throw err
      answer = now
    }
    answer ??= await fetchBundle(rest, bundleId)
    this.remember(answer)
    return mediaOf(answer)
  }

  /** The cached bundle follows (its image URLs), so the catalogue shows the same pictures. */
  private remember(b: ServiceBundleDetail): void {
    try {
      this.catalogue.store().upsertBundle(b)
    } catch {
      // No cache yet for this entity: the answer still stands.
    }
  }
}
