import { z } from 'zod'
import { errorPayload } from './errorSchemas'
import { paper } from './printingSchemas'
import { defaultNearExpiryDays, defaultPreferences, languages } from './preferenceValues'

export { defaultNearExpiryDays, defaultPreferences, languages }

/**
 * Domain records as the app uses them, after normalisation in core/api:
 * ids are numbers, timestamps ISO 8601 (UTC), absent values null.
 */

export const language = z.enum(languages)
export type Language = z.infer<typeof language>

export const profile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** Absent where the service does not read it back (the spec shows it written only). */
  mobilePhone: z.string().nullable().optional(),
  language: z.string(),
  timeZone: z.string(),
})
export type Profile = z.infer<typeof profile>

export const membership = z.object({
  id: z.number().int(),
  current: z.boolean(),
  active: z.boolean(),
  entity: z.object({ id: z.number().int(), name: z.string() }),
})
export type Membership = z.infer<typeof membership>

const logo = z
  .object({
    url: z.string().nullable(),
    thumb: z.object({ url: z.string().nullable() }).nullable(),
    standard: z.object({ url: z.string().nullable() }).nullable(),
    header: z.object({ url: z.string().nullable() }).nullable(),
  })
  .nullable()

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  tin: z.string().nullable(),
  currencyId: z.number().int().nullable(),
  entityTypeId: z.number().int().nullable(),
  industry: z.string().nullable(),
  web: z.string().nullable(),
  notes: z.string().nullable(),
  vat: z.number().nullable(),
  vatIncluded: z.boolean().nullable(),
  logo,
  logo2: logo,
  reportLogo: logo,
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  distributor: z.number().int().nullable(),
  costingMethod: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  incomeTax: z.number().nullable(),
  distributorContractId: z.number().int().nullable(),
  producerContractId: z.number().int().nullable(),
  legalRepresentativeName: z.string().nullable(),
  legalRepresentativeIdentification: z.string().nullable(),
  legalRepresentativeBirthday: z.string().nullable(),
  legalRepresentativeGender: z.boolean().nullable(),
  legalRepresentativeMaritalStatus: z.string().nullable(),
  legalRepresentativeOccupation: z.string().nullable(),
  legalRepresentativeNationality: z.string().nullable(),
  exporterCode: z.string().nullable(),
  payeeActivityId: z.number().int().nullable(),
  taxpayerRegistry: z.string().nullable(),
  donationAcceptanceCode: z.string().nullable(),
  countryId: z.number().int().nullable(),
})
export type Company = z.infer<typeof company>

export const agency = z.object({ id: z.number().int(), name: z.string() })
export type Agency = z.infer<typeof agency>

/** Who is signed in, where, and in which mode. Never carries the token. */
export const sessionStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('signed_out'), lastServerUrl: z.string().nullable(), lastEmail: z.string().nullable() }),
  z.object({
    state: z.literal('signed_in'),
    training: z.boolean(),
    serverUrl: z.string(),
    email: z.string(),
    /** Plain http to another computer, by the lab's opt-in: the status bar warns while it lasts. */
    insecureHttp: z.boolean().optional(),
    /** Training only: "Simular sin conexión" is on, the training service refuses every connection. */
    trainingLineDown: z.boolean().optional(),
  }),
])
export type SessionStatus = z.infer<typeof sessionStatus>

/**
 * online: the service answers; failing: it is reached but answers 5xx or
 * does not answer in time; offline: it cannot be reached at all.
 */
/** Which program runs the core: the desktop app, the browser host or the command line. */
export const runner = z.enum(['electron', 'browser-host', 'cli'])
export type Runner = z.infer<typeof runner>

export const connectionLink = z.enum(['online', 'failing', 'offline'])
export type ConnectionLink = z.infer<typeof connectionLink>

export const connectionState = z.object({
  /** link === 'online', for callers that only ask whether to try. */
  online: z.boolean(),
  link: connectionLink,
  /** ISO time of the last good answer from the service (not a 5xx), if any. */
  lastContactAt: z.string().nullable(),
  /** The service's clock minus this computer's, as its answers show it; null before any said (serviceClock.ts). */
  clockOffsetMs: z.number().int().nullable(),
  /** ISO time the link was first seen as it is now ("Sin conexión desde 10:35"); null before any word. */
  since: z.string().nullable(),
})
export type ConnectionState = z.infer<typeof connectionState>

/** What the shell needs to show who is working and where. */
export const whoAmI = z.object({
  profile,
  memberships: z.array(membership),
  currentEntity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  agency: agency.nullable(),
  /**
   * Why the user's agency could not be read, when it could not (the service
   * answered, but not with it). `agency` then holds the last one known for this
   * entity, if any. Absent in copies cached before it existed.
   */
  agencyError: errorPayload.nullable().default(null),
  /** True when this came from the local cache because the service was unreachable. */
  fromCache: z.boolean(),
})
export type WhoAmI = z.infer<typeof whoAmI>

export const graphqlResult = z.object({
  data: z.unknown().nullable(),
  errors: z.array(z.object({ message: z.string() }).loose()).nullable(),
})
export type GraphqlResult = z.infer<typeof graphqlResult>

/** What this computer is for: it decides the first screen and the order of the menu. */
export const station = z.enum(['counter', 'warehouse', 'backOffice'])
export type Station = z.infer<typeof station>

/** How the reception screen starts its lines: at 0, counted by scanning, or pre-filled with what is pending. */
export const receptionCount = z.enum(['scan', 'prefilled'])
export type ReceptionCount = z.infer<typeof receptionCount>

const preferenceFields = {
  theme: z.enum(['light', 'dark', 'system']),
  /** null: follow the profile's language (Spanish until it is known). */
  language: language.nullable(),
  /** null: not chosen yet (the shell asks). */
  station: station.nullable(),
  /** Receptions: count the goods by scanning (lines start at 0) or start from the full pending quantities. */
  receptionCount,
  /** Lots expiring within this many days are marked "near expiry" (amber) on lines, dispatch cards and slips. */
  nearExpiryDays: z.number().int().min(0).max(365),
  /** Dispatch: the bookings as cards (lines shown) or as the dense list (a row each). */
  dispatchView: z.enum(['cards', 'list']),
  /** The stations whose first-run tour has been shown on this computer (finished or skipped): not shown again by itself. */
  toursSeen: z.array(station),
  /**
   * The agencies this station books for besides its own: their stock is read at every pull, the
   * others' once a day (a full pull). A shop's line carries only the stock its counter shows.
   */
  stockAgencies: z.array(z.number().int().positive()).max(100),
  /** The printer this station prints to without a dialog (the desktop app), by its system name; null: the system's default. */
  printer: z.string().min(1).max(300).nullable(),
  /** The paper in that printer: a sheet or a receipt roll; the documents are laid out for it. */
  paper,
  /** New booking: the booking slip prints as soon as a booking is saved. */
  printSlipOnSave: z.boolean(),
}

/**
 * Settings written before stations existed read as "not chosen"; before the reception setting, a warehouse's
 * habit: count by scanning; before the near-expiry setting, a month; before the dispatch view, cards; before the tours, the
 * station's own counts as seen; before printing, the system's printer, A4 and no slip on save.
 */
export const preferences = z
  .object({
    ...preferenceFields,
    station: preferenceFields.station.default(defaultPreferences.station),
    receptionCount: receptionCount.default(defaultPreferences.receptionCount),
    nearExpiryDays: preferenceFields.nearExpiryDays.default(defaultPreferences.nearExpiryDays),
    dispatchView: preferenceFields.dispatchView.default(defaultPreferences.dispatchView),
    stockAgencies: preferenceFields.stockAgencies.default(() => []),
    printer: preferenceFields.printer.default(defaultPreferences.printer),
    paper: preferenceFields.paper.default(defaultPreferences.paper),
    printSlipOnSave: preferenceFields.printSlipOnSave.default(defaultPreferences.printSlipOnSave),
    toursSeen: preferenceFields.toursSeen.optional(),
  })
  .transform(({ toursSeen, ...rest }) => ({
    ...rest,
    // Written before the tours existed: a computer that already had its station knows it, so its tour is not sprung on it.
    toursSeen: toursSeen ?? (rest.station ? [rest.station] : []),
  }))
/** A change: only what it names (no defaults, so changing the theme never forgets the station). */
export const preferencesPatch = z.object(preferenceFields).partial()
export type Preferences = z.infer<typeof preferences>
