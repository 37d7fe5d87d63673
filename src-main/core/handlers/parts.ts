import type { Handlers } from '@shared/dispatch'
import type { CoreOptions } from '../coreOptions'
import type { SettingsStore } from '../settingsStore'
import type { BookingsService } from '../services/bookingsService'
import type { BookingPictureService } from '../services/bookingPictureService'
import type { BundleService } from '../services/bundleService'
import type { BundleImageService } from '../services/bundleImageService'
import type { CatalogueService } from '../services/catalogueService'
import type { ConnectionMonitor } from '../services/connectionMonitor'
import type { CounterService } from '../services/counterService'
import type { OpenBookingService } from '../services/openBookingService'
import type { DispatchTicksService } from '../services/dispatchTicksService'
import type { ProfileService } from '../services/profileService'
import type { PurchasingService } from '../services/purchasingService'
import type { SessionService } from '../services/sessionService'
import type { DynamicTablesService } from '../services/dynamicTablesService'
import type { PieceworkGroupService } from '../services/pieceworkGroupService'
import type { SupportService } from '../support/supportService'
import type { UpdatesService } from '../updates/updatesService'

/** What the handlers of every area are given: the use cases createCore assembled. */
export interface CoreParts {
  options: CoreOptions
  settings: SettingsStore
  session: SessionService
  profile: ProfileService
  connection: ConnectionMonitor
  catalogue: CatalogueService
  bundles: BundleService
  bundleImages: BundleImageService
  bookings: BookingsService
  bookingPictures: BookingPictureService
  counter: CounterService
  openBooking: OpenBookingService
  dispatchTicks: DispatchTicksService
  purchasing: PurchasingService
  pieceworkGroups: PieceworkGroupService
  dynamicTables: DynamicTablesService
  support: SupportService
  updates: UpdatesService
}

/** The handlers of the requests one area's part of the contract declares (src-shared/contract/*.ts). */
export type AreaHandlers<R> = Pick<Handlers, keyof R & keyof Handlers>
