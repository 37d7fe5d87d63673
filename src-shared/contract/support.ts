import { z } from 'zod'
import { fileData } from '../catalogue'
import { dataNotice, doctorReport, serviceCheckReport } from '../support'
import { updateStatus } from '../updates'
import { none, entry } from './entry'

/** Help and updates. Assembled in src-shared/contract.ts. */
export const supportRequests = {
  /** Help → Diagnostics: the doctor's checks (never a secret). */
  'support.doctor': entry(none, doctorReport),
  /** Help → Diagnostics, "Check the service": what the signed-in server offers of what the client uses. */
  'support.serviceCheck': entry(none, serviceCheckReport),
  /** The support bundle as a zip, scrubbed of secrets (the damaged files set aside only when ticked); the renderer hands it to the download, where the user picks the place. */
  'support.bundle': entry(z.object({ includeData: z.boolean().default(false), includeSetAside: z.boolean().default(false) }), fileData),
  /** The damaged cache files this run set aside, and what came back of their unsent bookings (the banner at start). */
  'support.dataNotices': entry(none, z.array(dataNotice)),
  // Updates (the desktop app only; elsewhere the status is off, not_desktop).
  'updates.status': entry(none, updateStatus),
  /** Restarts into the downloaded version; refused (outbox_not_empty) while bookings are unsent. */
  'updates.install': entry(none, updateStatus),
  'updates.setEnabled': entry(z.object({ enabled: z.boolean() }), updateStatus),
} as const
