import { maxPictureBytes, type BookingPicture, type DeliverySignature, type PictureStep } from '@shared/bookingPictures'
import { sniffImageType } from '@shared/bundleImages'
import type { PicturesKept } from '@shared/contract/events'
import { AppError } from '@shared/errors'
import type { CoreEvents } from '../events'
import { newMarker } from './bookingFields'
import type { EntityCache, EntityCaches } from './entityCaches'
import type { ProfileService } from './profileService'

export interface PictureInput {
  /** The booking: its local id, or its number on the service. */
  id: string
  step: PictureStep
  /** The bytes as base64 (the contract carries text), already reduced by whoever took the picture. */
  base64: string
  /** Who took it, when not the signed-in user (a shared station's clerk); the user's name otherwise. */
  takenBy?: string | undefined
}

export interface SignatureInput {
  /** The booking: its local id, or its number on the service. */
  id: string
  /** The name the receiver gave. */
  receiver: string
  /** The signature with the name and time drawn beneath it, as base64. */
  base64: string
}

/**
 * Attaches a picture to a step of a booking: kept in the entity's cache with who took it and when, and
 * queued for the service (sync/outbox/pictureQueue.ts) whatever the line; the next push sends it once the
 * booking exists there. Nothing here touches the booking or its entries: a picture never delays or
 * endangers the booking it belongs to.
 */
export class BookingPictureService {
  constructor(
    private readonly caches: EntityCaches,
    private readonly profile: ProfileService,
    private readonly now: () => Date,
    private readonly events: CoreEvents,
  ) {}

  attach(input: PictureInput): BookingPicture {
    const { bytes, mime } = readPicture(input.base64)
    const cache = this.cache()
    const booking = this.booking(cache, input.id)
    const seq = cache.outbox.pictures.attach({
      localId: booking.localId,
      step: input.step,
      mime,
      bytes,
      takenBy: input.takenBy?.trim() || this.takenBy(),
      takenAt: this.now().toISOString(),
      marker: newMarker(),
    })
    if (seq === false)
      throw new AppError('conflict', {
        field: 'picture',
        detail: `the ${input.step} picture of this booking is being sent: wait until it is settled`,
      })
    this.announce()
    return cache.outbox.pictures.get(seq)!
  }

  /** One kept picture's bytes and type, for the screens' thumbnail. */
  image(seq: number): { mime: string; base64: string } {
    const pictures = this.cache().outbox.pictures
    const picture = pictures.get(seq)
    const bytes = picture ? pictures.bytes(seq) : null
    if (!picture || !bytes) throw new AppError('not_found', { detail: `no picture ${seq} here` })
    return { mime: picture.mime, base64: bytes.toString('base64') }
  }

  /**
   * The clerk dismisses a picture the service refused: removed from this computer, its booking and its
   * entries untouched. Only a refused one: any other is still the booking's proof on its way or kept.
   */
  dismiss(seq: number): PicturesKept {
    const pictures = this.cache().outbox.pictures
    const picture = pictures.get(seq)
    if (!picture) throw new AppError('not_found', { detail: `no picture ${seq} here` })
    if (!pictures.dismissRefused(seq))
      throw new AppError('conflict', { field: 'picture', detail: `the picture is ${picture.state}, not refused: it is kept` })
    return this.announce()
  }

  /** Tells the screens the pictures kept here now, and returns it for the command's answer. */
  private announce(): PicturesKept {
    const kept = { pictures: this.cache().outbox.pictures.list() }
    this.events.emit('pictures.changed', kept)
    return kept
  }

  /** The pictures kept here, of one booking or of all, with their states (the Sync centre's list). */
  list(id?: string): BookingPicture[] {
    const cache = this.cache()
    if (id === undefined) return cache.outbox.pictures.list()
    const booking = /^\d+$/.test(id) ? cache.bookings.byServiceId(Number(id)) : cache.bookings.get(id)
    return booking ? cache.outbox.pictures.list(booking.localId) : []
  }

  /**
   * The receiver signed for a delivery: the signature is kept here with their name, and when the delivery
   * has no photo it is also attached as the delivery picture, to go to the service like one. A photo taken
   * before stays the delivery's picture (the service keeps one a step); one taken after replaces it there.
   * Nothing here touches the delivery itself.
   */
  sign(input: SignatureInput): { signature: DeliverySignature; picture: BookingPicture | null } {
    const receiver = input.receiver.trim()
    if (!receiver) throw new AppError('signature_name_missing', { field: 'receiver' })
    const { bytes, mime } = readPicture(input.base64)
    const cache = this.cache()
    const booking = this.booking(cache, input.id)
    const { localId } = booking
    const seq = cache.bookings.write(() => {
      const earlier = cache.outbox.signatures.get(localId)
      const photo = cache.outbox.pictures
        .list(localId)
        .some((p) => p.step === 'delivery' && p.state !== 'refused' && p.seq !== earlier?.pictureSeq)
      const takenBy = this.takenBy()
      cache.outbox.signatures.keep({ localId, receiver, signedAt: this.now().toISOString(), takenBy, mime, bytes })
      if (photo) return false
      const attached = cache.outbox.pictures.attach({
        localId,
        step: 'delivery',
        mime,
        bytes,
        takenBy,
        takenAt: this.now().toISOString(),
        marker: newMarker(),
      })
      if (attached !== false) cache.outbox.signatures.markAttached(localId, attached)
      return attached
    })
    if (seq !== false) this.announce()
    return { signature: cache.outbox.signatures.get(localId)!, picture: seq === false ? null : cache.outbox.pictures.get(seq) }
  }

  /** The delivery signatures kept here (the dispatch cards show who signed and when). */
  signatures(): DeliverySignature[] {
    return this.cache().outbox.signatures.list()
  }

  /** A kept signature's image, for its thumbnail. */
  signatureImage(localId: string): { mime: string; base64: string } {
    const image = this.cache().outbox.signatures.image(localId)
    if (!image) throw new AppError('not_found', { detail: `no signature of ${localId} here` })
    return { mime: image.mime, base64: image.bytes.toString('base64') }
  }

  private booking(cache: EntityCache, id: string): { localId: string } {
    const booking = /^\d+$/.test(id) ? cache.bookings.byServiceId(Number(id)) : cache.bookings.get(id)
    if (!booking || booking.deleted) throw new AppError('not_found', { detail: `no booking ${id} here` })
    return booking
  }

  private takenBy(): string {
    const profile = this.profile.lastKnown()?.profile
    return profile?.name || profile?.email || '?'
  }

  private cache(): EntityCache {
    const cache = this.caches.current()
    if (!cache) throw new AppError('network', { detail: 'the current entity is not known yet: connect once to load it' })
    return cache
  }
}

/** A picture's bytes as they were given, checked: not empty, not too large, and an image by its bytes. */
function readPicture(base64: string): { bytes: Buffer; mime: string } {
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length === 0) throw new AppError('bad_input', { field: 'picture', detail: 'the picture is empty' })
  if (bytes.length > maxPictureBytes)
    throw new AppError('bad_input', { field: 'picture', detail: `the picture is larger than ${maxPictureBytes} bytes` })
  // The bytes decide what it is: a declared type or a file name can lie.
  const mime = sniffImageType(bytes)
  if (!mime) throw new AppError('bad_input', { field: 'picture', detail: 'the picture is not a PNG, JPEG, GIF or WebP image' })
  return { bytes, mime }
}
