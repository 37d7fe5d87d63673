/**
 * The one web permission the app ever grants: the camera, video only, to its own page's main frame, and only
 * while a capture dialog is open (issue 33: a picture of a booking at each step). A dialog left open does not
 * keep the camera: the gate closes by itself after `maxOpenMs`. Everything else stays denied (hardening.ts).
 */
export interface MediaRequestDetails {
  isMainFrame: boolean
  requestingUrl?: string
  /** A request names what it wants; a check names one kind at a time. */
  mediaTypes?: readonly string[]
  mediaType?: string
}

export const CAPTURE_MAX_OPEN_MS = 5 * 60_000

export class CameraGate {
  private openUntil: number | null = null

  constructor(
    private readonly isOurs: (url: string) => boolean,
    private readonly now: () => number = Date.now,
    private readonly maxOpenMs = CAPTURE_MAX_OPEN_MS,
  ) {}

  /** Opens the gate for one capture dialog; the function returned closes it. */
  open(): () => void {
    const until = this.now() + this.maxOpenMs
    this.openUntil = until
    return () => {
      if (this.openUntil === until) this.openUntil = null
    }
  }

  get isOpen(): boolean {
    return this.openUntil !== null && this.now() < this.openUntil
  }

  allows(permission: string, details: MediaRequestDetails): boolean {
    if (permission !== 'media' || !this.isOpen || !details.isMainFrame) return false
    if (!details.requestingUrl || !this.isOurs(details.requestingUrl)) return false
    const kinds = details.mediaTypes ?? (details.mediaType ? [details.mediaType] : [])
    return kinds.length > 0 && kinds.every((k) => k === 'video')
  }
}
