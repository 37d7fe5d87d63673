import type { PictureStep } from '@shared/bookingPictures'
import { AppError } from '@shared/errors'
import { readStepPicture, sendStepPicture, type StepPictureView } from '../api/bookingImagesApi'
import type { RestClient } from '../api/restClient'
import type { BookingStore } from '../cache/bookingStore'
import type { DuePicture, PictureQueue } from './outbox/pictureQueue'
import { backoffMs, setBackPast } from './bookingPusher'

export interface PicturePushDeps {
  pictures: PictureQueue
  bookings: BookingStore
  rest: RestClient
  now: () => Date
  /** The clerk asked to sync now: pictures waiting out a backoff go too. */
  ignoreBackoff?: boolean
  /** Called after each picture is settled (the screens announce its booking). */
  onProgress?: (localId: string) => void
}

const extensionOf: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' }

/** The file's name carries the picture's own marker, so the field read back says whether it is ours. */
export const uploadName = (p: Pick<DuePicture, 'step' | 'marker' | 'mime'>) =>
  `${p.step}-${p.marker.replace(/[^A-Za-z0-9]/g, '')}.${extensionOf[p.mime] ?? 'bin'}`

/** Whether the field now shows our upload: it names our file, or it is set and differs from what it held before. */
function landed(view: StepPictureView, p: Pick<DuePicture, 'step' | 'marker' | 'mime' | 'beforeUrl'>): boolean {
  if (view.url === null) return false
  return view.url.includes(uploadName(p)) || view.url !== p.beforeUrl
}

/**
 * Sends the pictures whose booking is on the service, one at a time, after the booking's own entries
 * (the caller holds the push lock). Exactly once: a picture whose answer was lost is settled by reading
 * the booking's field back, and sent again only when the field shows it did not land. A 2xx that leaves
 * the field empty means the server keeps no picture (real-service-notes §11): kept here, said so.
 */
export async function pushPictures(deps: PicturePushDeps): Promise<number> {
  const { pictures } = deps
  pictures.recoverSending()
  pictures.dueNowIfAfter(setBackPast(deps.now()))
  let sent = 0
  for (const p of pictures.due(deps.ignoreBackoff ? '9999' : deps.now().toISOString())) {
    if (await pushPicture(p, deps)) sent++
    deps.onProgress?.(p.localId)
  }
  return sent
}

async function pushPicture(p: DuePicture, deps: PicturePushDeps): Promise<boolean> {
  const { pictures, rest } = deps
  const stamp = () => deps.now().toISOString()
  const later = () => new Date(deps.now().getTime() + backoffMs(p.attempts + 1)).toISOString()
  try {
    const shown = await readStepPicture(rest, p.serviceId, p.step)
    if (p.state === 'unknown' && landed(shown, p)) return sentAs(p, shown, deps)
    // Not there (or never sent): what the field holds now is what a later read compares with.
    const before = { ...p, beforeUrl: shown.url }
    pictures.markSending(p.seq, shown.url, stamp())
    const bytes = pictures.bytes(p.seq)
    if (!bytes) throw new AppError('internal', { detail: `the picture ${p.seq} has no bytes` })
    const answer = await sendStepPicture(rest, p.serviceId, p.step, { name: uploadName(p), type: p.mime, bytes })
    const view = answer && landed(answer, before) ? answer : await readBack(rest, p.serviceId, p.step)
    if (landed(view, before)) return sentAs(p, view, deps)
    pictures.markUnsupported(
      p.seq,
      new AppError('picture_not_kept', {
        detail: 'the service took the picture but its booking shows none: it is kept on this computer',
      }).toPayload(),
    )
    return false
  } catch (raw) {
    const err = AppError.from(raw)
    switch (err.code) {
      case 'network':
        pictures.markWaiting(p.seq, p.state, err.toPayload(), later())
        return false
      case 'validation':
      case 'not_found':
      case 'conflict':
        pictures.markRefused(p.seq, err.toPayload())
        return false
      case 'unknown_outcome':
      case 'timeout':
      case 'too_large':
      case 'redirected_elsewhere':
      case 'server':
      case 'bad_response':
      case 'internal':
        // It may have landed: only a read of the booking's field may decide.
        pictures.markWaiting(p.seq, 'unknown', err.toPayload(), later())
        return false
      default:
        // Unauthorised, forbidden, signed out: nothing was done; kept, and the push stops.
        pictures.markWaiting(p.seq, p.state, err.toPayload(), null)
        throw err
    }
  }
}

/** A 2xx whose answer did not show the field: read it back; a read that fails leaves the outcome unknown. */
async function readBack(rest: RestClient, serviceId: number, step: PictureStep): Promise<StepPictureView> {
  try {
    return await readStepPicture(rest, serviceId, step)
  } catch (raw) {
    throw new AppError('unknown_outcome', { detail: `the service took the picture; reading it back failed: ${AppError.from(raw).message}` })
  }
}

/**
 * Sent: the field's address kept, and the booking's version the upload moved (an edit queued later compares with it;
 * one not shown leaves that edit to compare the booking's state only, as a booking seen only through a refresh does).
 */
function sentAs(p: DuePicture, view: StepPictureView, deps: PicturePushDeps): boolean {
  const now = deps.now().toISOString()
  deps.bookings.write(() => {
    deps.pictures.markSent(p.seq, view.url!, now)
    deps.bookings.patch(p.localId, { lockVersion: view.lockVersion }, now)
  })
  return true
}
