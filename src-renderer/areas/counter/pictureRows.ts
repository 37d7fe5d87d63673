import type { BookingPicture, PictureState } from '@shared/bookingPictures'

/** The state of a picture in the clerk's words (the keys of `syncPictures.states`): an unknown outcome is "to be checked". */
export type PictureWord = 'waiting' | 'sending' | 'toCheck' | 'sent' | 'refused' | 'unsupported'

export const pictureWord = (state: PictureState): PictureWord => (state === 'unknown' ? 'toCheck' : state)

/** What asks for the clerk first: a refusal, then what is uncertain or on its way, what is kept, and last what is sent. */
const rank: Record<PictureState, number> = { refused: 0, unknown: 1, sending: 2, waiting: 3, unsupported: 4, sent: 5 }

/** How long a sent picture stays in the list: as long as the Sync centre's history keeps a confirmed entry. */
export const sentShownMs = 7 * 24 * 60 * 60 * 1000

/**
 * The pictures the Sync centre lists, in the order the clerk needs them: refused first, sent last, newest
 * first within a state. A picture sent more than `sentShownMs` ago is done with and left out.
 */
export function shownPictures(pictures: readonly BookingPicture[], now: number): BookingPicture[] {
  return pictures
    .filter((p) => p.state !== 'sent' || p.sentAt === null || now - Date.parse(p.sentAt) <= sentShownMs)
    .sort((a, b) => rank[a.state] - rank[b.state] || b.takenAt.localeCompare(a.takenAt) || b.seq - a.seq)
}
